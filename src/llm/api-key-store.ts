// API keys live in memory unless the user explicitly asks to remember one on this device. The store
// refuses to serialize itself, so a key cannot slip into a workspace export, a share link or a log of
// the state by accident.

/** The subset of `localStorage` the store needs (injectable for tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ApiKeyStore {
  get(providerId: string): string | undefined;
  /** `remember: true` also writes the key to device storage, in plain text: an explicit opt-in. */
  set(providerId: string, key: string, options?: { remember?: boolean }): void;
  remove(providerId: string): void;
  isRemembered(providerId: string): boolean;
  /** Drops every key from memory and from device storage. */
  forgetAll(): void;
  /** Which providers have a key; never the keys. */
  providers(): string[];
  toJSON(): string;
}

export const apiKeyStorageKey = 'toolscope.apiKeys.v1';

export function createApiKeyStore(options: { storage?: KeyValueStorage; storageKey?: string } = {}): ApiKeyStore {
  const storageKey = options.storageKey ?? apiKeyStorageKey;
  const storage = options.storage;
  const keys = new Map<string, string>();
  const remembered = new Set<string>();

  if (storage) {
    try {
      const saved: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}');
      if (saved !== null && typeof saved === 'object') {
        for (const [provider, key] of Object.entries(saved)) {
          if (typeof key === 'string' && key !== '') {
            keys.set(provider, key);
            remembered.add(provider);
          }
        }
      }
    } catch {
      // A corrupt entry is dropped: the user types the key again.
      storage.removeItem(storageKey);
    }
  }

  function persist(): void {
    if (!storage) return;
    const saved = Object.fromEntries([...remembered].map((provider) => [provider, keys.get(provider)]));
    if (remembered.size === 0) storage.removeItem(storageKey);
    else storage.setItem(storageKey, JSON.stringify(saved));
  }

  return {
    get: (providerId) => keys.get(providerId),
    set(providerId, key, setOptions = {}) {
      const trimmed = key.trim();
      if (trimmed === '') return this.remove(providerId);
      keys.set(providerId, trimmed);
      if (setOptions.remember) remembered.add(providerId);
      else remembered.delete(providerId);
      persist();
    },
    remove(providerId) {
      keys.delete(providerId);
      remembered.delete(providerId);
      persist();
    },
    isRemembered: (providerId) => remembered.has(providerId),
    forgetAll() {
      keys.clear();
      remembered.clear();
      persist();
    },
    providers: () => [...keys.keys()],
    toJSON: () => '[API keys are not serialized]',
  };
}
