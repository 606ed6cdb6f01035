import { describe, expect, it } from 'vitest';
import { MemoryStorage, openBrowserStorage } from './memory-storage.ts';
import type { StorageLike } from './storage-keys.ts';

describe('MemoryStorage', () => {
  it('behaves like Storage for get, set, remove, key and length', () => {
    const storage = new MemoryStorage();
    expect(storage.getItem('missing')).toBeNull();
    storage.setItem('a', '1');
    storage.setItem('b', '2');
    expect(storage.getItem('a')).toBe('1');
    expect(storage.length).toBe(2);
    expect([storage.key(0), storage.key(1), storage.key(2)]).toEqual(['a', 'b', null]);
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
  });

  it('throws a QuotaExceededError past its quota and keeps the previous value', () => {
    const storage = new MemoryStorage({ quotaCharacters: 10 });
    storage.setItem('k', '12345');
    expect(() => storage.setItem('k', '1234567890')).toThrow(expect.objectContaining({ name: 'QuotaExceededError' }));
    expect(storage.getItem('k')).toBe('12345');
    // Replacing a value frees the old one first, as browsers do.
    storage.setItem('k', '123456789');
    expect(storage.usedCharacters()).toBe(10);
  });
});

describe('openBrowserStorage', () => {
  it('uses the browser storage when a write works, leaving no probe behind', () => {
    const local = new MemoryStorage();
    expect(openBrowserStorage(() => local)).toEqual({ storage: local, persistent: true });
    expect(local.length).toBe(0);
  });

  it('falls back to memory when reading localStorage throws (site data blocked)', () => {
    const opened = openBrowserStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(opened.persistent).toBe(false);
    expect(opened.storage).toBeInstanceOf(MemoryStorage);
    if (!opened.persistent) expect(opened.message).toContain('SecurityError');
  });

  it('falls back to memory when there is no localStorage at all', () => {
    expect(openBrowserStorage(() => undefined as unknown as StorageLike).persistent).toBe(false);
  });

  it('falls back to memory when an empty storage refuses every write (old Safari private mode)', () => {
    expect(openBrowserStorage(() => new MemoryStorage({ quotaCharacters: 0 })).persistent).toBe(false);
  });

  it('keeps a full storage: it still holds the saved workspace', () => {
    const full = new MemoryStorage({ quotaCharacters: 40 });
    full.setItem('toolscope.workspace', '{}');
    full.setItem('filler', 'x'.repeat(40 - 'toolscope.workspace{}filler'.length));
    expect(openBrowserStorage(() => full)).toEqual({ storage: full, persistent: true });
  });
});
