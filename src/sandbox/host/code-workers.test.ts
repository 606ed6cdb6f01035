import { describe, expect, it, vi } from 'vitest';
import { CodeWorkers, sparesAhead } from './code-workers.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { WorkerSession } from './worker-session.ts';
import { inProcessHost } from './in-process-host.test-support.ts';
import { transpileForWorker } from './module-loader.ts';

/**
 * A host whose "workers" are MessageChannels that load their module at once, or when `answer()` is called
 * if `held`: a warm worker when load-module comes, a cold one (a spare, started from its script) at start.
 */
function fakeHost({ held = false, failing = false } = {}) {
  const started: WorkerSession[] = [];
  const stopped: string[] = [];
  const unanswered: (() => void)[] = [];
  const open = () => {
    const channel = new MessageChannel();
    const session = new WorkerSession(`w${started.length + 1}`, channel.port1, (ended) => {
      stopped.push(ended.workerId);
      channel.port2.close();
    });
    started.push(session);
    return { session, port: channel.port2 };
  };
  const error = { name: 'Error', message: 'broken module' };
  const later = (reply: () => void) => (held ? unanswered.push(reply) : reply());
  const host = {
    moduleLoadTimeoutMs: 1_000,
    dependencyLoadTimeoutMs: 1_000,
    startWorker: async () => {
      const { session, port } = open();
      port.onmessage = (event: MessageEvent<{ type: string; requestId: number }>) => {
        if (event.data.type !== 'load-module') return;
        const { requestId } = event.data;
        later(() =>
          port.postMessage(
            failing ? { type: 'module-load-failed', requestId, error, unparsable: false } : { type: 'module-loaded', requestId },
          ),
        );
      };
      return session;
    },
    startColdWorker: async () => {
      const { session, port } = open();
      port.postMessage({ type: 'module-running', requestId: 0 });
      later(() => port.postMessage(failing ? { type: 'load-failed', error } : { type: 'loaded' }));
      return session;
    },
  } as unknown as SandboxHost;
  /** Answers every load-module held so far. */
  const answer = () => {
    for (const reply of unanswered.splice(0)) reply();
  };
  return { host, started, stopped, answer, unanswered };
}

const module = { code: '', lineCount: 1, columnMap: [] };
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('CodeWorkers', () => {
  it('gives each call a worker nobody used before, and has the next one ready', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    const first = await workers.take(new AbortController().signal);
    workers.release();
    const second = await workers.take(new AbortController().signal);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.session).not.toBe(second.session);
    workers.release();
    workers.release();
    await tick();
    // One spare (not two) is waiting for the third call.
    expect(started).toHaveLength(3);
    workers.dispose();
  });

  it('stops the spare when the tool goes away, and when it waited too long', async () => {
    const { host, stopped } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module, 20);
    const taken = await workers.take(new AbortController().signal);
    workers.release();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(stopped).toEqual(['w2']);
    if (taken.ok) taken.session.terminate();

    const disposed = CodeWorkers.forModule(host, 'source', module);
    await disposed.take(new AbortController().signal);
    disposed.release();
    await tick();
    disposed.dispose();
    await tick();
    expect(stopped).toHaveLength(3);
  });

  it('does not hand out a spare that died (the iframe was rebuilt)', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    await workers.take(new AbortController().signal);
    workers.release();
    await tick();
    started.at(-1)?.fail({ kind: 'crashed', message: 'gone' });
    const next = await workers.take(new AbortController().signal);
    expect(next.ok && next.session.end).toBeUndefined();
    workers.dispose();
  });

  it('prepares a spare ahead of the first call and hands it out once', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    await workers.prepare();
    expect(started).toHaveLength(1);
    const first = await workers.take(new AbortController().signal);
    expect(first.ok && first.session).toBe(started[0]);
    const second = await workers.take(new AbortController().signal);
    expect(second.ok && second.session).not.toBe(started[0]);
    // The second runs beside the first: it took one of the spares started for a batch.
    expect(started).toHaveLength(1 + sparesAhead);
    workers.dispose();
  });

  it('after calls that ran at once, prepares as many spares, so the next fan-out waits for no module load', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    const signal = new AbortController().signal;
    const fanOut = await Promise.all([workers.take(signal), workers.take(signal), workers.take(signal)]);
    // The second and the third took spares loading ahead, and one more loads behind them.
    expect(started).toHaveLength(2 + sparesAhead);
    for (const taken of fanOut) {
      if (taken.ok) taken.session.terminate();
      workers.release();
    }
    await tick();
    // As many spares wait as calls ran at once (three): those loading ahead are enough.
    expect(sparesAhead - 1).toBeGreaterThanOrEqual(3);
    expect(started).toHaveLength(2 + sparesAhead);
    const next = await Promise.all([workers.take(signal), workers.take(signal), workers.take(signal)]);
    // All three came from the spares loaded before it (the batch starts others behind them).
    expect(next.map((taken) => taken.ok && started.indexOf(taken.session))).toEqual([3, 4, 5]);
    workers.dispose();
  });

  it('prepares no spare after a call whose module failed to load', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    await workers.take(new AbortController().signal);
    workers.release({ prepareSpares: false });
    await tick();
    expect(started).toHaveLength(1);
    workers.dispose();
  });

  it('prepares no spare while a lone call runs, only once it has ended', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    await workers.take(new AbortController().signal);
    await tick();
    expect(started).toHaveLength(1);
    workers.release();
    await vi.waitFor(() => expect(started).toHaveLength(2));
    workers.dispose();
  });

  it('while calls run side by side (a batch under a limit), keeps sparesAhead spares loading for the calls that follow', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    const signal = new AbortController().signal;
    const running = await Promise.all([workers.take(signal), workers.take(signal)]);
    await tick();
    // The first loaded its own; the second took one of those started ahead.
    expect(started).toHaveLength(1 + sparesAhead);
    // The next call of the batch takes a spare that has loaded, and another starts behind it.
    const third = await workers.take(signal);
    expect(third.ok && running.every((loaded) => loaded.ok && loaded.session !== third.session)).toBe(true);
    await tick();
    expect(started).toHaveLength(2 + sparesAhead);
    // Once the batch is over, as many spares wait as ran at once (three): those ahead are enough, no more start.
    for (let call = 0; call < 3; call++) workers.release();
    await tick();
    expect(started).toHaveLength(2 + sparesAhead);
    workers.dispose();
  });

  it('starts nothing once disposed: not on prepare, not when a running call ends', async () => {
    const { host, started } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    await workers.take(new AbortController().signal);
    workers.dispose();
    workers.release();
    await workers.prepare(3);
    await tick();
    expect(started).toHaveLength(1);
  });

  it('resolves prepare only once its spares have loaded', async () => {
    const { host, started, answer, unanswered } = fakeHost({ held: true });
    const workers = CodeWorkers.forModule(host, 'source', module);
    let prepared = false;
    const preparing = workers.prepare().then(() => (prepared = true));
    await vi.waitFor(() => expect(unanswered).toHaveLength(1));
    expect([started.length, prepared]).toEqual([1, false]);
    answer();
    await preparing;
    expect(prepared).toBe(true);
    workers.dispose();
  });

  it('counts a spare idle from when it has loaded, not from when it was asked for (a Python boot outlasts the idle time)', async () => {
    const { host, started, stopped, answer, unanswered } = fakeHost({ held: true });
    const workers = CodeWorkers.forModule(host, 'source', module, 30);
    const preparing = workers.prepare(2);
    await vi.waitFor(() => expect(unanswered).toHaveLength(2));
    // Loading takes longer than the idle time: the spares must not be dropped while they load.
    await new Promise((resolve) => setTimeout(resolve, 60));
    answer();
    await preparing;
    expect(stopped).toEqual([]);
    const taken = await workers.take(new AbortController().signal);
    expect(taken.ok && taken.session).toBe(started[0]);
    // Idle for longer than the idle time once loaded: the other spare goes.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(stopped).toEqual(['w2']);
    workers.dispose();
  });

  it('rejects a call aborted while its spare loads, and stops that spare once it has loaded', async () => {
    const { host, started, stopped, answer, unanswered } = fakeHost({ held: true });
    const workers = CodeWorkers.forModule(host, 'source', module);
    void workers.prepare();
    await vi.waitFor(() => expect(unanswered).toHaveLength(1));
    const controller = new AbortController();
    const taking = workers.take(controller.signal);
    controller.abort(new Error('call stopped'));
    await expect(taking).rejects.toThrow('call stopped');
    expect(stopped).toEqual([]);
    answer();
    await vi.waitFor(() => expect(stopped).toEqual([started[0]?.workerId]));
    workers.dispose();
  });

  it('rejects a call that was aborted before it asked, and stops the spare it would have had', async () => {
    const { host, started, stopped } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    await workers.prepare();
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    await expect(workers.take(controller.signal)).rejects.toThrow('too late');
    await vi.waitFor(() => expect(stopped).toEqual([started[0]?.workerId]));
    workers.dispose();
  });

  it('leaves the worker of a call alone when the call is aborted after it took its spare', async () => {
    const { host, stopped } = fakeHost();
    const workers = CodeWorkers.forModule(host, 'source', module);
    await workers.prepare();
    const controller = new AbortController();
    const taken = await workers.take(controller.signal);
    controller.abort();
    await tick();
    expect(stopped).toEqual([]);
    expect(taken.ok && taken.session.end).toBeUndefined();
    workers.dispose();
  });

  it('gives a call aborted while its spare fails to load the abort, not the load failure', async () => {
    const { host, answer, unanswered, stopped } = fakeHost({ held: true, failing: true });
    const workers = CodeWorkers.forModule(host, 'source', module);
    void workers.prepare();
    await vi.waitFor(() => expect(unanswered).toHaveLength(1));
    const controller = new AbortController();
    const taking = workers.take(controller.signal);
    controller.abort(new Error('call stopped'));
    answer();
    await expect(taking).rejects.toThrow('call stopped');
    // The failed spare's worker is stopped by the load itself; nothing else is done with it.
    await vi.waitFor(() => expect(stopped).toEqual(['w1']));
    workers.dispose();
  });

  it('starts a spare cold, from the module script itself, unless the module imports zod', async () => {
    const spareKinds = async (source: string) => {
      const { host, workers } = inProcessHost();
      const transpiled = transpileForWorker(source);
      if (!transpiled.ok) throw new Error('does not transpile');
      const tool = CodeWorkers.forModule(host, source, transpiled.module);
      await tool.prepare(2);
      const call = await tool.take(new AbortController().signal);
      expect(call.ok).toBe(true);
      tool.dispose();
      return workers.map((worker) => worker.cold);
    };
    expect(await spareKinds('export default async function execute() {\n  return 1;\n}\n')).toEqual([true, true]);
    expect(
      await spareKinds("import { z } from 'zod';\nexport default async function execute() {\n  return z.string().parse('a');\n}\n"),
    ).toEqual([false, false]);
  });
});
