// Runs to store in tests: small, valid, and different only where a test says.
import type { NewStoredRun, StoredRunSummary } from './stored-run.ts';

export function testRun(summary: Partial<NewStoredRun['summary']>): NewStoredRun {
  const base: Omit<StoredRunSummary, 'id' | 'size'> = {
    kind: 'scenario',
    title: 'Weather in two cities',
    scenarioName: 'Weather in two cities',
    status: 'ok',
    outcome: 'final answer after 2 model calls',
    startedAt: 1_700_000_000_000,
    durationMs: 1_200,
    toolNames: ['get_weather'],
    callCount: 2,
    errorCount: 0,
  };
  return {
    summary: { ...base, ...summary },
    body: {
      timelineKind: 'agent',
      concurrencyLimit: 4,
      events: [{ type: 'step-start', iteration: 1, time: 0 }],
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: 'done', toolCalls: [] },
      ],
      settings: { concurrency: 4, timeoutMs: 5_000 },
      toolVersions: [{ name: 'get_weather', version: null, sourceHash: 'abcd1234' }],
    },
  };
}

/** Writes a record as it is, unchecked: how a crash, an older version or a hand edit leaves one. */
export function putRaw(factory: IDBFactory, store: 'summaries' | 'bodies', value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open('toolscope-runs', 1);
    request.onsuccess = () => {
      const transaction = request.result.transaction(store, 'readwrite');
      transaction.objectStore(store).put(value);
      transaction.oncomplete = () => {
        request.result.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
  });
}
