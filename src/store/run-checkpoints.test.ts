import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RunHistory } from '../history/index.ts';
import { testRun } from '../history/stored-runs.test-support.ts';
import { pendingRunPrefix, RunCheckpoints } from './run-checkpoints.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    items,
  };
}

const going = (callCount: number) => () => testRun({ status: 'interrupted', title: 'Canary', callCount });

describe('RunCheckpoints', () => {
  let factory: IDBFactory;
  beforeEach(() => {
    factory = new IDBFactory();
  });
  const open = () => RunHistory.open({ indexedDB: factory });
  // The first write goes at once; the next would wait a minute, longer than any of these tests.
  const slowly = { intervalMs: 60_000 };
  const listed = async (checkpoints: RunCheckpoints) => (await (await checkpoints.history).list()).runs;

  it('a run left by the page keeps its last state, written since its last IndexedDB write, as one record', async () => {
    const pending = memoryStorage();
    const first = new RunCheckpoints(open(), { pending, ...slowly });
    first.progress('run', going(5));
    await vi.waitFor(async () => expect((await listed(first)).map((run) => run.callCount)).toEqual([5]));
    first.progress('run', going(6));
    // The page goes before the next write (at most every 500 ms) is due.
    first.leave();
    expect([...pending.items.keys()]).toEqual([`${pendingRunPrefix}run`]);

    const next = new RunCheckpoints(open(), { pending });
    expect((await listed(next)).map((run) => [run.status, run.callCount])).toEqual([['interrupted', 6]]);
    expect(pending.items.size).toBe(0);
  });

  it('an event after the run ended (a call settling after its deadline) starts no second record', async () => {
    const checkpoints = new RunCheckpoints(open(), { intervalMs: 0 });
    checkpoints.progress('run', going(2));
    const id = await checkpoints.finish('run');
    await (await checkpoints.history).add(testRun({ status: 'ok', callCount: 2 }), { id });
    checkpoints.progress('run', going(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await listed(checkpoints)).map((run) => run.status)).toEqual(['ok']);
  });

  it('a damaged pending run is dropped, not kept, and the history still opens', async () => {
    const pending = memoryStorage();
    pending.setItem(`${pendingRunPrefix}x`, '{"run": 1');
    const checkpoints = new RunCheckpoints(open(), { pending });
    expect(await listed(checkpoints)).toEqual([]);
    expect(pending.items.size).toBe(0);
  });

  it('a write that takes long makes the next one wait 24 times as long, so a big run is not copied every 500 ms', async () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const add = vi.fn(async () => {
        // The whole run so far is copied: a big run's write takes long.
        clock += 100;
        return { id: 'kept', evicted: [], overLimit: [], maxRuns: 300 };
      });
      const checkpoints = new RunCheckpoints(Promise.resolve({ add } as unknown as RunHistory), { intervalMs: 500, now: () => clock });
      checkpoints.progress('run', going(5));
      await vi.advanceTimersByTimeAsync(0);
      expect(add).toHaveBeenCalledTimes(1);
      checkpoints.progress('run', going(6));
      clock += 2300;
      await vi.advanceTimersByTimeAsync(2300);
      expect(add, 'not 500 ms (nor 9 times 100 ms) after a write of 100 ms').toHaveBeenCalledTimes(1);
      clock += 100;
      await vi.advanceTimersByTimeAsync(100);
      expect(add).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('however long a write takes, the next comes within 5 s, so a crash loses no more of the run', async () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const add = vi.fn(async () => {
        clock += 1000;
        return { id: 'kept', evicted: [], overLimit: [], maxRuns: 300 };
      });
      const checkpoints = new RunCheckpoints(Promise.resolve({ add } as unknown as RunHistory), { intervalMs: 500, now: () => clock });
      checkpoints.progress('run', going(5));
      await vi.advanceTimersByTimeAsync(0);
      checkpoints.progress('run', going(6));
      clock += 4900;
      await vi.advanceTimersByTimeAsync(4900);
      expect(add).toHaveBeenCalledTimes(1);
      clock += 100;
      await vi.advanceTimersByTimeAsync(100);
      expect(add, 'not 24 s after a write of 1 s').toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
