import { describe, expect, it } from 'vitest';
import { CodeWorkers } from './code-workers.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { WorkerSession } from './worker-session.ts';

/** A host whose "workers" are MessageChannels that answer load-module at once. */
function fakeHost() {
  const started: WorkerSession[] = [];
  const stopped: string[] = [];
  const host = {
    moduleLoadTimeoutMs: 1_000,
    startWorker: async () => {
      const channel = new MessageChannel();
      const session = new WorkerSession(`w${started.length + 1}`, channel.port1, (ended) => {
        stopped.push(ended.workerId);
        channel.port2.close();
      });
      started.push(session);
      channel.port2.onmessage = (event: MessageEvent<{ type: string; requestId: number }>) => {
        if (event.data.type === 'load-module') channel.port2.postMessage({ type: 'module-loaded', requestId: event.data.requestId });
      };
      return session;
    },
  } as unknown as SandboxHost;
  return { host, started, stopped };
}

const module = { code: '', lineCount: 1, columnMap: [] };
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('CodeWorkers', () => {
  it('gives each call a worker nobody used before, and has the next one ready', async () => {
    const { host, started } = fakeHost();
    const workers = new CodeWorkers(host, 'source', module);
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
    const workers = new CodeWorkers(host, 'source', module, 20);
    const taken = await workers.take(new AbortController().signal);
    workers.release();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(stopped).toEqual(['w2']);
    if (taken.ok) taken.session.terminate();

    const disposed = new CodeWorkers(host, 'source', module);
    await disposed.take(new AbortController().signal);
    disposed.release();
    await tick();
    disposed.dispose();
    await tick();
    expect(stopped).toHaveLength(3);
  });

  it('does not hand out a spare that died (the iframe was rebuilt)', async () => {
    const { host, started } = fakeHost();
    const workers = new CodeWorkers(host, 'source', module);
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
    const workers = new CodeWorkers(host, 'source', module);
    await workers.prepare();
    expect(started).toHaveLength(1);
    const first = await workers.take(new AbortController().signal);
    expect(first.ok && first.session).toBe(started[0]);
    const second = await workers.take(new AbortController().signal);
    expect(second.ok && second.session).not.toBe(started[0]);
    expect(started).toHaveLength(2);
    workers.dispose();
  });

  it('after calls that ran at once, prepares as many spares, so the next fan-out waits for no module load', async () => {
    const { host, started } = fakeHost();
    const workers = new CodeWorkers(host, 'source', module);
    const signal = new AbortController().signal;
    const fanOut = await Promise.all([workers.take(signal), workers.take(signal), workers.take(signal)]);
    expect(started).toHaveLength(3);
    for (const taken of fanOut) {
      if (taken.ok) taken.session.terminate();
      workers.release();
    }
    await tick();
    expect(started).toHaveLength(6);
    const next = await Promise.all([workers.take(signal), workers.take(signal), workers.take(signal)]);
    // All three came from the spares: no worker was started for them.
    expect(started).toHaveLength(6);
    expect(next.map((taken) => taken.ok && started.indexOf(taken.session))).toEqual([3, 4, 5]);
    workers.dispose();
  });

  it('prepares no spare after a call whose module failed to load', async () => {
    const { host, started } = fakeHost();
    const workers = new CodeWorkers(host, 'source', module);
    await workers.take(new AbortController().signal);
    workers.release({ prepareSpares: false });
    await tick();
    expect(started).toHaveLength(1);
    workers.dispose();
  });
});
