import { describe, expect, it } from 'vitest';
import { keepCopy, listKeptCopies } from './kept-copies.ts';
import { MemoryStorage } from './memory-storage.ts';
import type { StorageLike } from './storage-keys.ts';

const time = new Date('2025-06-01T10:00:00.000Z');

describe('keepCopy', () => {
  it('stores the text under a key that says why and when', () => {
    const storage = new MemoryStorage();
    expect(keepCopy(storage, 'corrupted', '{broken', time)).toEqual({
      ok: true,
      key: 'toolscope.workspace.corrupted.2025-06-01T10:00:00.000Z',
    });
    expect(storage.getItem('toolscope.workspace.corrupted.2025-06-01T10:00:00.000Z')).toBe('{broken');
  });

  it('does not store the same text twice', () => {
    const storage = new MemoryStorage();
    const first = keepCopy(storage, 'corrupted', '{broken', time);
    const second = keepCopy(storage, 'corrupted', '{broken', new Date('2025-06-02T00:00:00.000Z'));
    expect(second).toEqual(first);
    expect(storage.length).toBe(1);
  });

  it('never overwrites another copy kept in the same millisecond', () => {
    const storage = new MemoryStorage();
    keepCopy(storage, 'corrupted', 'one', time);
    expect(keepCopy(storage, 'corrupted', 'two', time)).toEqual({
      ok: true,
      key: 'toolscope.workspace.corrupted.2025-06-01T10:00:00.000Z-2',
    });
    expect(storage.getItem('toolscope.workspace.corrupted.2025-06-01T10:00:00.000Z')).toBe('one');
  });

  it('reports a full storage instead of throwing', () => {
    const result = keepCopy(new MemoryStorage({ quotaCharacters: 5 }), 'newer-version', '{"version": 9}', time);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('browser storage is full') });
  });

  it('still keeps a copy in a storage that cannot list its keys', () => {
    const items = new Map<string, string>();
    const bare: StorageLike = {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    };
    expect(keepCopy(bare, 'corrupted', 'x', time).ok).toBe(true);
    expect(listKeptCopies(bare)).toEqual([]);
  });
});

describe('listKeptCopies', () => {
  it('lists the kept copies newest first, ignoring other keys', () => {
    const storage = new MemoryStorage();
    storage.setItem('toolscope.workspace', '{}');
    storage.setItem('toolscope.workspace.backup', '{}');
    storage.setItem('unrelated', '{}');
    keepCopy(storage, 'before-migration', 'a', new Date('2025-01-01T00:00:00.000Z'));
    keepCopy(storage, 'corrupted', 'b', new Date('2025-03-01T00:00:00.000Z'));
    keepCopy(storage, 'corrupted', 'c', new Date('2025-03-01T00:00:00.000Z'));
    expect(listKeptCopies(storage)).toEqual([
      { key: 'toolscope.workspace.corrupted.2025-03-01T00:00:00.000Z-2', kind: 'corrupted', keptAt: '2025-03-01T00:00:00.000Z' },
      { key: 'toolscope.workspace.corrupted.2025-03-01T00:00:00.000Z', kind: 'corrupted', keptAt: '2025-03-01T00:00:00.000Z' },
      {
        key: 'toolscope.workspace.before-migration.2025-01-01T00:00:00.000Z',
        kind: 'before-migration',
        keptAt: '2025-01-01T00:00:00.000Z',
      },
    ]);
  });
});
