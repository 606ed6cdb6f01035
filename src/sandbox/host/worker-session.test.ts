import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerToHostMessageSchema } from '../protocol/worker-messages.ts';
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

  it('names its errors and says how long it waited', async () => {
    const { session, worker } = pair();
    const timedOut = (await session.waitFor(() => undefined, { timeoutMs: 15 }).catch((error: unknown) => error)) as Error;
    expect([timedOut.name, timedOut.message]).toEqual(['SessionTimeoutError', 'The worker did not answer within 15 ms']);
    const custom = await session.waitFor(() => undefined, { timeoutMs: 1, timeoutMessage: 'too slow' }).catch((error: unknown) => error);
    expect((custom as Error).message).toBe('too slow');
    const pending = session.waitFor(() => undefined);
    session.terminate();
    const ended = (await pending.catch((error: unknown) => error)) as Error;
    expect([ended.name, ended.message]).toEqual(['SessionEndedError', 'The worker was stopped']);
    worker.close();
  });

  it('rejects at once a wait whose signal was aborted before it began', async () => {
    const { session, worker } = pair();
    await expect(session.waitFor(() => true, { signal: AbortSignal.abort(new Error('stopped before')) })).rejects.toThrow('stopped before');
    session.terminate();
    worker.close();
  });

  it('stops passing messages to a handler that unsubscribed', async () => {
    const { session, worker } = pair();
    const heard: string[] = [];
    const unsubscribe = session.onMessage((message) => void heard.push(message.type));
    worker.postMessage({ type: 'loaded' });
    await session.waitFor((message) => (message.type === 'loaded' ? true : undefined));
    unsubscribe();
    worker.postMessage({ type: 'module-running', requestId: 1 });
    await session.waitFor((message) => (message.type === 'module-running' ? true : undefined));
    expect(heard).toEqual(['loaded']);
    session.terminate();
    worker.close();
  });

  it('tells a late end listener at once how the session ended, and an unsubscribed one nothing', () => {
    const { session, worker } = pair();
    const early: string[] = [];
    const unsubscribed: string[] = [];
    session.onEnd((end) => early.push(end.kind));
    session.onEnd((end) => unsubscribed.push(end.kind))();
    session.fail({ kind: 'crashed', message: 'gone' });
    const late: string[] = [];
    session.onEnd((end) => late.push(end.kind))();
    expect([early, unsubscribed, late]).toEqual([['crashed'], [], ['crashed']]);
    worker.close();
  });

  it('names the field of an invalid message, or (root) for a message that is not an object', async () => {
    const failureFor = async (message: unknown) => {
      const { session, worker } = pair();
      const waiting = session.waitFor(() => undefined);
      worker.postMessage(message);
      const failure = (await waiting.catch((error: unknown) => error)) as SessionEndedError;
      worker.close();
      return failure.message;
    };
    expect(await failureFor({ type: 'log', level: 'log', values: 'not a list' })).toMatch(
      /^The tool's worker sent an invalid message \(values: .+\); it was stopped$/,
    );
    expect(await failureFor({ type: 'executed', value: 1, notes: ['fine', 5] })).toMatch(/\(notes\.1: .+\); it was stopped$/);
    expect(await failureFor(42)).toMatch(/^The tool's worker sent an invalid message \(\(root\): .+\); it was stopped$/);
  });

  it('stops a worker whose message is nested too deep to check, naming the overflow', async () => {
    const { session, worker, stopped } = pair();
    const waiting = session.waitFor(() => undefined);
    // How a value nested some thousand levels deep fails the parser; the depth that takes depends on the
    // stack of the process, so the overflow is played rather than provoked.
    const parse = vi.spyOn(workerToHostMessageSchema, 'safeParse').mockImplementationOnce(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    worker.postMessage({ type: 'log', level: 'log', values: [[[['deep']]]] });
    const failure = (await waiting.catch((error: unknown) => error)) as SessionEndedError;
    parse.mockRestore();
    expect(failure.end).toEqual({
      kind: 'protocol-error',
      message: "The tool's worker sent an invalid message (Maximum call stack size exceeded); it was stopped",
    });
    expect(stopped).toEqual(['w1']);
    worker.close();
  });

  it('ends, saying so, when the worker refuses a message from the host: nothing would ever answer the wait', async () => {
    const { session, worker, stopped } = pair();
    const waiting = session.waitFor(() => undefined);
    worker.postMessage({ type: 'worker-protocol-error', message: 'Unexpected message from the host: bad execute' });
    const failure = (await waiting.catch((error: unknown) => error)) as SessionEndedError;
    expect(failure.end).toEqual({
      kind: 'protocol-error',
      message: 'The sandbox worker refused a message from the host (Unexpected message from the host: bad execute); it was stopped',
    });
    expect(stopped).toEqual(['w1']);
    worker.close();
  });

  describe('with fake timers', () => {
    afterEach(() => vi.useRealTimers());

    it('clears its timeout once the answer came, and its abort listener once it settled', async () => {
      vi.useFakeTimers();
      const { session, worker } = pair();
      const controller = new AbortController();
      const removed = vi.spyOn(controller.signal, 'removeEventListener');
      const waiting = session.waitFor((message) => (message.type === 'loaded' ? 'yes' : undefined), {
        timeoutMs: 1_000,
        signal: controller.signal,
      });
      expect(vi.getTimerCount()).toBe(1);
      worker.postMessage({ type: 'loaded' });
      await expect(waiting).resolves.toBe('yes');
      expect(vi.getTimerCount()).toBe(0);
      expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
      session.terminate();
      worker.close();
    });
  });
});
