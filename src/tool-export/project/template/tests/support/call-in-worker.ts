// A call that is expected to time out (or whose outcome Toolscope never saw) runs in a worker thread that is
// terminated at the deadline. In process, the executor answers at the deadline only if the tool yields: a
// synchronous endless loop blocks the whole thread (timers included), and only a worker can be stopped
// (Toolscope's sandbox does the same). The outcome is then the timeout the executor would have reported.
import { Worker } from 'node:worker_threads';
import { testSpeed, type CallOutcome } from './call-tool.ts';

export async function callToolInWorker(
  name: string,
  input: unknown,
  options: { timeoutMs: number; attempts: number },
): Promise<CallOutcome> {
  const worker = new Worker(new URL('./tool-worker.mjs', import.meta.url), { workerData: { name, input } });
  try {
    return await new Promise<CallOutcome>((resolve, reject) => {
      let deadline: ReturnType<typeof setTimeout> | undefined;
      worker.on('error', reject);
      worker.on('message', (message: { loaded?: true; outcome?: CallOutcome }) => {
        if (message.outcome) resolve(message.outcome);
        // The deadline starts once the sources are loaded (tsx takes a moment), with a margin for slow machines.
        if (message.loaded)
          deadline = setTimeout(
            () => resolve({ status: 'error', kind: 'timeout', result: { error: `terminated: ${name} never yielded before its deadline` } }),
            (options.timeoutMs * options.attempts) / testSpeed + 1_000,
          );
      });
      worker.on('exit', () => clearTimeout(deadline));
    });
  } finally {
    await worker.terminate();
  }
}
