// Test-only: runs a sample's code in a Node worker thread, which can be terminated like the sandbox's
// Web Worker. For code that never yields (cpu_hog), that is the only way a test can run it and stop it.
import { Worker } from 'node:worker_threads';
import { transpileUserSource } from '../sandbox/index.ts';

export interface WorkerThreadRun {
  /** True if execute settled before `timeoutMs`. */
  settled: boolean;
  logs: string[];
}

export async function runInWorkerThread(codeSource: string, input: unknown, timeoutMs: number): Promise<WorkerThreadRun> {
  const transpiled = transpileUserSource(codeSource);
  if (!transpiled.ok) throw new Error(transpiled.errors[0]?.message);
  const script = `
    const { parentPort, workerData } = require('node:worker_threads');
    const module = { exports: {} };
    new Function('require', 'module', 'exports', workerData.code)(() => { throw new Error('no imports here'); }, module, module.exports);
    const ctx = {
      toolCallId: 'call_test', attempt: 1, userId: undefined, env: {}, idempotencyKey: 'test',
      signal: new AbortController().signal,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      log: (...values) => parentPort.postMessage({ log: values.join(' ') }),
      fetch: async () => { throw new TypeError('no network'); },
    };
    Promise.resolve(module.exports.default(workerData.input, ctx)).then(() => parentPort.postMessage({ settled: true }), () => parentPort.postMessage({ settled: true }));
  `;
  const worker = new Worker(script, { eval: true, workerData: { code: transpiled.code, input } });
  const logs: string[] = [];
  let settled = false;
  worker.on('message', (message: { log?: string; settled?: boolean }) => {
    if (message.log !== undefined) logs.push(message.log);
    if (message.settled) settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, timeoutMs));
  await worker.terminate();
  return { settled, logs };
}
