// Issue 28: the 200 kB result and 1,000-log limits lived only in the worker harness, and tool code can
// post to the harness's port itself: 600 logs of 2 MB crashed the tab, and a 2M-item array held the
// main thread 13.7 s. The host now measures what it receives and ends a worker that sends more.
import { describe, expect, it } from 'vitest';
import { workerMessageLimits } from './message-budget.ts';
import { SessionEndedError, WorkerSession } from './worker-session.ts';

function pair() {
  const channel = new MessageChannel();
  const stopped: string[] = [];
  const session = new WorkerSession('w1', channel.port1, (ended) => stopped.push(ended.workerId));
  return { session, worker: channel.port2, stopped };
}

async function endOf(session: WorkerSession): Promise<SessionEndedError> {
  return (await session.waitFor(() => undefined).catch((error: unknown) => error)) as SessionEndedError;
}

describe('what the host accepts from a worker', () => {
  it('ends a worker that posts a 2M-item array as its result, saying why', async () => {
    const { session, worker, stopped } = pair();
    const ended = endOf(session);
    worker.postMessage({ type: 'executed', value: new Array(2_000_000).fill(0), notes: [] });
    const failure = await ended;
    expect(failure).toBeInstanceOf(SessionEndedError);
    expect(failure.end).toMatchObject({
      kind: 'protocol-error',
      message: "The tool's worker sent more than the host accepts (a message of more than 100,000 values); it was stopped",
    });
    expect(stopped).toEqual(['w1']);
    worker.close();
  });

  it('ends a worker that posts logs of 2 MB', async () => {
    const { session, worker } = pair();
    const ended = endOf(session);
    worker.postMessage({ type: 'log', level: 'log', values: ['x'.repeat(2_000_001)] });
    expect((await ended).end).toMatchObject({ message: expect.stringContaining('more than 2,000,000 characters') });
    worker.close();
  });

  it('ends a worker that posts more log messages than the harness ever sends', async () => {
    const { session, worker } = pair();
    const ended = endOf(session);
    for (let index = 0; index <= workerMessageLimits.logsPerWorker; index++)
      worker.postMessage({ type: 'log', level: 'log', values: ['line'] });
    expect((await ended).end).toMatchObject({ message: expect.stringContaining('more than 1,100 log messages') });
    worker.close();
  });

  it('accepts what the harness sends: a 200 kB result, a thousand log lines', async () => {
    const { session, worker } = pair();
    const seen: string[] = [];
    session.onMessage((message) => void seen.push(message.type));
    for (let index = 0; index < 1000; index++) worker.postMessage({ type: 'log', level: 'log', values: [`line ${index}`] });
    worker.postMessage({ type: 'executed', value: { text: 'x'.repeat(200_000), items: new Array(5000).fill(1) }, notes: [] });
    await expect.poll(() => seen.length).toBe(1001);
    session.terminate();
    worker.close();
  });
});
