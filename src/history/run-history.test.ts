import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { RunHistory } from './run-history.ts';
import { putRaw, testRun } from './stored-runs.test-support.ts';

let nextId = 0;
const options = (factory = new IDBFactory()) => ({ indexedDB: factory, createId: () => `run-${++nextId}` });
const restores: (() => void)[] = [];
afterEach(() => restores.splice(0).forEach((restore) => restore()));

/** Makes body writes fail with the browser's quota error once more than `budget` characters are kept. */
function limitQuota(budget: number): void {
  // fake-indexeddb/auto made its object store the global one.
  const prototype = IDBObjectStore.prototype;
  const original = prototype.put;
  const kept = new Map<string, number>();
  const originalDelete = prototype.delete;
  prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (this.name === 'bodies') {
      const record = value as { id: string };
      const size = JSON.stringify(value).length;
      const used = [...kept.values()].reduce((sum, each) => sum + each, 0);
      if (used + size > budget) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      kept.set(record.id, size);
    }
    return original.call(this, value, key);
  };
  prototype.delete = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
    if (this.name === 'bodies') kept.delete(String(key));
    return originalDelete.call(this, key);
  };
  restores.push(() => {
    prototype.put = original;
    prototype.delete = originalDelete;
  });
}

describe('RunHistory', () => {
  it('keeps runs across a reopen and lists them newest first', async () => {
    const factory = new IDBFactory();
    const first = await RunHistory.open(options(factory));
    await first.add(testRun({ title: 'older', startedAt: 1_000 }));
    await first.add(testRun({ title: 'newer', startedAt: 2_000 }));
    first.close();

    const reopened = await RunHistory.open(options(factory));
    const { runs, damaged } = await reopened.list();
    expect(runs.map((run) => run.title)).toEqual(['newer', 'older']);
    expect(damaged).toBe(0);
    const loaded = await reopened.load(runs[0]!.id);
    expect(loaded.ok && loaded.body.messages.at(-1)).toEqual({ role: 'assistant', content: 'done', toolCalls: [] });
    expect(loaded.ok && loaded.body.toolVersions).toEqual([{ name: 'get_weather', version: null, sourceHash: 'abcd1234' }]);
  });

  it('removes the oldest runs when the quota is full, and says which', async () => {
    const history = await RunHistory.open(options());
    const size = JSON.stringify({ ...testRun({}).body, id: 'run-00' }).length;
    limitQuota(size * 2 + 10);
    await history.add(testRun({ title: 'a', startedAt: 1 }));
    await history.add(testRun({ title: 'b', startedAt: 2 }));
    const third = await history.add(testRun({ title: 'c', startedAt: 3 }));
    expect(third.id).not.toBeNull();
    expect(third.evicted.map((run) => run.title)).toEqual(['a']);
    expect((await history.list()).runs.map((run) => run.title)).toEqual(['c', 'b']);
  });

  it('refuses a run larger than the whole quota without losing the others', async () => {
    const history = await RunHistory.open(options());
    limitQuota(5_000);
    await history.add(testRun({ title: 'small', startedAt: 1 }));
    const huge = testRun({ title: 'huge', startedAt: 2 });
    huge.body.messages.push({ role: 'user', content: 'x'.repeat(10_000) });
    const result = await history.add(huge);
    expect(result.id).toBeNull();
    expect(result.problem).toMatch(/too large/);
    // The small one went to make room, and the failed write left no half record behind.
    expect((await history.list()).runs).toEqual([]);
  });

  it('keeps at most maxRuns, dropping the oldest', async () => {
    const history = await RunHistory.open({ ...options(), maxRuns: 2 });
    await history.add(testRun({ title: 'a', startedAt: 1 }));
    await history.add(testRun({ title: 'b', startedAt: 2 }));
    const result = await history.add(testRun({ title: 'c', startedAt: 3 }));
    // Storage had room: the run limit, not a full disk, is why 'a' went (issue 30: it said "Storage is full").
    expect(result.overLimit.map((run) => run.title)).toEqual(['a']);
    expect(result.evicted).toEqual([]);
    expect(result.maxRuns).toBe(2);
  });

  it('skips a damaged summary, reports it, and can remove it', async () => {
    const factory = new IDBFactory();
    const history = await RunHistory.open(options(factory));
    await history.add(testRun({ title: 'good', startedAt: 1 }));
    await putRaw(factory, 'summaries', { id: 'broken', title: 42 });
    expect(await history.list()).toMatchObject({ runs: [{ title: 'good' }], damaged: 1 });
    expect(await history.removeDamaged()).toBe(1);
    expect((await history.list()).damaged).toBe(0);
  });

  it('refuses to open a damaged body and says so', async () => {
    const factory = new IDBFactory();
    const history = await RunHistory.open(options(factory));
    const { id } = await history.add(testRun({ title: 'run', startedAt: 1 }));
    await putRaw(factory, 'bodies', { id, events: 'not a list' });
    const loaded = await history.load(id!);
    expect(loaded).toMatchObject({ ok: false });
    expect(!loaded.ok && loaded.problem).toMatch(/damaged/);
  });

  it('never rejects when IndexedDB cannot be opened, and keeps nothing', async () => {
    const factory = new IDBFactory();
    factory.open = () => {
      throw new DOMException('Internal error opening backing store', 'UnknownError');
    };
    const history = await RunHistory.open(options(factory));
    expect(history.available).toBe(false);
    expect(history.problem).toMatch(/could not be opened.*backing store/);
    expect(await history.add(testRun({}))).toMatchObject({ id: null });
    expect(await history.list()).toMatchObject({ runs: [], problem: expect.stringMatching(/not kept/) });
  });

  it('gives up on an open that never answers', async () => {
    // Another tab holds the database open while a newer version waits for it: later opens queue behind.
    const factory = new IDBFactory();
    const otherTab = await RunHistory.open(options(factory));
    factory.open('toolscope-runs', 2);
    const history = await RunHistory.open({ ...options(factory), openTimeoutMs: 50 });
    expect(history.problem).toMatch(/timed out/);
    otherTab.close();
  });

  it('reports a database of the same name with another shape instead of failing later', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve) => {
      const request = factory.open('toolscope-runs', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('other');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    const history = await RunHistory.open(options(factory));
    expect(history.problem).toMatch(/unexpected shape/);
  });
});
