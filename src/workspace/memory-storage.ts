// A Storage that lives in memory: the test double for localStorage, and what the app falls back on
// when the browser refuses storage (site data blocked, some private modes), so the app still works
// for the session instead of failing on every save.
import { describeStorageError, isQuotaExceeded, type StorageLike } from './storage-keys.ts';

export interface MemoryStorageOptions {
  /** Total characters (keys + values, as browsers count UTF-16 units) before setItem throws. */
  quotaCharacters?: number;
}

export class MemoryStorage implements StorageLike {
  readonly #items = new Map<string, string>();
  readonly #quotaCharacters: number;

  constructor(options: MemoryStorageOptions = {}) {
    this.#quotaCharacters = options.quotaCharacters ?? Number.POSITIVE_INFINITY;
  }

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    const stored = String(value);
    const previous = this.#items.get(key);
    const used = this.usedCharacters() - (previous === undefined ? 0 : key.length + previous.length);
    if (used + key.length + stored.length > this.#quotaCharacters) {
      // The same error browsers throw, so code under test takes its real quota path.
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    }
    this.#items.set(key, stored);
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  clear(): void {
    this.#items.clear();
  }

  usedCharacters(): number {
    let total = 0;
    for (const [key, value] of this.#items) total += key.length + value.length;
    return total;
  }
}

export type OpenedStorage = { storage: StorageLike; persistent: true } | { storage: StorageLike; persistent: false; message: string };

const PROBE_KEY = 'toolscope.storage-probe';

/**
 * localStorage if it really works, else a MemoryStorage and the reason. Merely reading
 * `window.localStorage` throws when site data is blocked, and old Safari private mode had a storage
 * whose every write threw (with a quota error, at zero bytes used), so a write is probed.
 */
export function openBrowserStorage(getLocalStorage: () => StorageLike = () => globalThis.localStorage): OpenedStorage {
  let storage: StorageLike | undefined;
  try {
    storage = getLocalStorage();
    storage.setItem(PROBE_KEY, '1');
    storage.removeItem(PROBE_KEY);
    return { storage, persistent: true };
  } catch (error) {
    // A full storage still holds the saved workspace: keep it, saves will say it is full. An empty one
    // that is "full" is old Safari's private mode, where nothing can ever be written.
    if (storage && isQuotaExceeded(error) && (storage.length ?? 0) > 0) return { storage, persistent: true };
    const message = `Your work is kept only until this tab closes: ${describeStorageError(error)}. Use Export to keep a copy.`;
    return { storage: new MemoryStorage(), persistent: false, message };
  }
}
