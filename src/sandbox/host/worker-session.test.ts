import { describe, expect, it } from 'vitest';
import { SessionEndedError, SessionTimeoutError, WorkerSession } from './worker-session.ts';

function pair() {
  const channel = new MessageChannel();
  const stopped: string[] = [];
  const session = new WorkerSession('w1', channel.port1, (ended) => stopped.push(ended.workerId));
  return { session, worker: channel.port2, stopped };
}

describe('WorkerSession', () => {
  it('resolves a wait with the first matching (valid) message', async () => {
    const { session, worker } = pair();
    const waiting = session.waitFor((message) => (message.type === 'loaded' ? 'yes' : undefined));
    worker.postMessage({ type: 'log', level: 'log', values: ['before'] });
    worker.postMessage({ type: 'loaded' });
    await expect(waiting).resolves.toBe('yes');
    session.terminate();
    worker.close();
  });

  it('stops a worker that sends an invalid message and rejects what waits on it', async () => {
    const { session, worker, stopped } = pair();
    const waiting = session.waitFor((message) => (message.type === 'loaded' ? true : undefined));
    worker.postMessage({ type: 'executed', value: new Map([[1, 2]]), notes: [] });
    worker.postMessage({ type: 'surprise' });
    const failure = await waiting.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SessionEndedError);
    expect((failure as SessionEndedError).end).toMatchObject({ kind: 'protocol-error', message: expect.stringMatching(/invalid message/) });
    expect(stopped).toEqual(['w1']);
    worker.close();
  });

  it('rejects on timeout, on abort, and once terminated', async () => {
    const { session, worker } = pair();
    await expect(session.waitFor(() => undefined, { timeoutMs: 20 })).rejects.toBeInstanceOf(SessionTimeoutError);
    const controller = new AbortController();
    const aborted = session.waitFor(() => undefined, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    const pending = session.waitFor(() => undefined);
    session.terminate();
    await expect(pending).rejects.toMatchObject({ end: { kind: 'terminated' } });
    await expect(session.waitFor(() => true)).rejects.toBeInstanceOf(SessionEndedError);
    worker.close();
  });

  it('is terminated once, however many times it is stopped', () => {
    const { session, worker, stopped } = pair();
    session.terminate();
    session.fail({ kind: 'crashed', message: 'gone' });
    session.terminate();
    expect(stopped).toEqual(['w1']);
    expect(session.end).toEqual({ kind: 'terminated' });
    worker.close();
  });
});
