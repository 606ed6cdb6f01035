// Saves that could not be used are set aside under their own keys instead of being overwritten,
// so "never silently dropped" holds even when the app cannot read what it finds.
import { KEPT_COPY_KINDS, WORKSPACE_KEY, describeStorageError, keptCopyKey, type KeptCopyKind, type StorageLike } from './storage-keys.ts';
import type { Result } from '../core/index.ts';

export interface KeptCopy {
  key: string;
  kind: KeptCopyKind;
  /** ISO time the copy was set aside. */
  keptAt: string;
}

/** Copies set aside earlier, newest first. Empty when the storage cannot list its keys. */
export function listKeptCopies(storage: StorageLike): KeptCopy[] {
  const copies: KeptCopy[] = [];
  for (const key of listKeys(storage)) {
    for (const kind of KEPT_COPY_KINDS) {
      const prefix = `${WORKSPACE_KEY}.${kind}.`;
      // A suffix like `-2` tells apart copies kept in the same millisecond.
      if (key.startsWith(prefix)) copies.push({ key, kind, keptAt: key.slice(prefix.length).replace(/-\d+$/, '') });
    }
  }
  return copies.sort((left, right) => (left.key < right.key ? 1 : left.key > right.key ? -1 : 0));
}

export type KeepResult = Result<{ key: string }>;

/**
 * Stores `raw` under a new kept-copy key, unless an identical copy is already kept (a page reloaded
 * many times over the same broken save would otherwise fill the storage with duplicates).
 */
export function keepCopy(storage: StorageLike, kind: KeptCopyKind, raw: string, time: Date): KeepResult {
  try {
    const existing = listKeptCopies(storage).find((copy) => storage.getItem(copy.key) === raw);
    if (existing) return { ok: true, key: existing.key };
    const baseKey = keptCopyKey(kind, time);
    let key = baseKey;
    for (let attempt = 2; storage.getItem(key) !== null; attempt += 1) key = `${baseKey}-${attempt}`;
    storage.setItem(key, raw);
    return { ok: true, key };
  } catch (error) {
    return { ok: false, message: describeStorageError(error) };
  }
}

function listKeys(storage: StorageLike): string[] {
  const keys: string[] = [];
  try {
    if (typeof storage.key !== 'function' || typeof storage.length !== 'number') return keys;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null) keys.push(key);
    }
  } catch {
    // A storage that cannot list its keys has no copies this module can find; that is not an error.
  }
  return keys;
}
