import { describe, expect, it } from 'vitest';
import { WorkerSession } from '../../host/worker-session.ts';
import { CodeWorkers } from '../../host/code-workers.ts';
import { PythonCompiler } from './python-compiler.ts';
import type { PythonWorkerProvider } from './python-load.ts';

const definition = { name: 'echo', description: 'Echoes.', idempotent: false, parameters: { type: 'object' } };

/** Python "workers" that answer python-load at once: `def` loads, anything else fails. */
function fakePython() {
  const started: { role: string; session: WorkerSession }[] = [];
  const stopped: string[] = [];
  const host: PythonWorkerProvider = {
    moduleLoadTimeoutMs: 1_000,
    pythonStartTimeoutMs: 1_000,
    startPythonWorker: async (role) => {
      const channel = new MessageChannel();
      const session = new WorkerSession(`w${started.length + 1}`, channel.port1, (ended) => {
        stopped.push(ended.workerId);
        channel.port2.close();
      });
      started.push({ role, session });
      channel.port2.onmessage = (event: MessageEvent<{ type: string; requestId: number; source: string }>) => {
        const { requestId, source } = event.data;
        channel.port2.postMessage({ type: 'module-running', requestId });
        channel.port2.postMessage(
          source.startsWith('def')
            ? { type: 'python-loaded', requestId, definition }
            : { type: 'python-load-failed', requestId, error: { name: 'SyntaxError', message: 'invalid syntax', line: 1 } },
        );
      };
      return session;
    },
  };
  return { host, started, stopped };
}

describe('PythonCompiler', () => {
  it('compiles a new tool in a code worker on a cold page, and hands that worker over', async () => {
    const { host, started, stopped } = fakePython();
    const compiler = new PythonCompiler(host);
    const compiled = await compiler.compile('def echo(): ...', { keepWorker: true });
    expect(compiled.ok && compiled.definition.name).toBe('echo');
    expect(started.map((entry) => entry.role)).toEqual(['code']);
    expect(compiled.ok && compiled.worker).toBe(started[0]?.session);
    expect(stopped).toEqual([]);
    compiler.dispose();
  });

  it('stops the code worker of a module that failed, and uses the compile worker once one was started', async () => {
    const { host, started, stopped } = fakePython();
    const compiler = new PythonCompiler(host);
    const failed = await compiler.compile('oops', { keepWorker: true });
    expect(failed.ok).toBe(false);
    expect(stopped).toEqual(['w1']);
    // An edit (no worker kept) starts the compile worker; a new tool after it compiles there too.
    expect((await compiler.compile('def echo(): ...')).ok).toBe(true);
    const again = await compiler.compile('def echo(): ...', { keepWorker: true });
    expect(again.ok && again.worker).toBeUndefined();
    expect(started.map((entry) => entry.role)).toEqual(['code', 'compile']);
    compiler.dispose();
  });

  it('a handed-over worker is the next call’s spare: no other worker is loaded for it', async () => {
    const { host, started } = fakePython();
    const compiled = await new PythonCompiler(host).compile('def echo(): ...', { keepWorker: true });
    if (!compiled.ok || !compiled.worker) throw new Error('no worker handed over');
    let loads = 0;
    const workers = new CodeWorkers(async () => {
      loads++;
      return { ok: false, kind: 'sandbox', errors: [] };
    });
    workers.seed({ ok: true, session: compiled.worker });
    await workers.prepare(1);
    const taken = await workers.take(new AbortController().signal);
    expect(taken.ok && taken.session).toBe(started[0]?.session);
    expect(loads).toBe(0);
    workers.dispose();
  });
});
