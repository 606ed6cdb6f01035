// API keys live in memory unless the user explicitly asks to remember one on this device. The store
// refuses to serialize itself, so a key cannot slip into a workspace export, a share link or a log of
// the state by accident. Each key remembers the address it was entered for: an imported file or a link
// that changes the base URL does not get the key sent to its server without the person confirming
// (issue 28: an imported file's base URL received the remembered key at the next Send).

/** The subset of `localStorage` the store needs (injectable for tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ApiKeyStore {
  /** The key; with `endpoint`, only if it was entered (or confirmed) for that address. */
  get(providerId: string, endpoint?: string): string | undefined;
  /** The address the key was entered for ('' when not known, as for keys remembered before addresses were). */
  endpointOf(providerId: string): string | undefined;
  /**
   * `remember: true` also writes the key to device storage, in plain text: an explicit opt-in.
   * `endpoint` binds the key to an address; without it the key keeps the address it had.
   */
  set(providerId: string, key: string, options?: { remember?: boolean; endpoint?: string }): void;
  remove(providerId: string): void;
  isRemembered(providerId: string): boolean;
  /** Drops every key from memory and from device storage. */
  forgetAll(): void;
  /** Which providers have a key; never the keys. */
  providers(): string[];
  toJSON(): string;
}

export const apiKeyStorageKey = 'toolscope.apiKeys.v1';

/** One spelling per address: no trailing slash, the URL parser's case and escapes. */
export function sameEndpoint(left: string, right: string): boolean {
  return normalize(left) === normalize(right);
}

function normalize(endpoint: string): string {
  const trimmed = endpoint.trim();
  try {
    const url = new URL(trimmed);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return trimmed.replace(/\/+$/, '');
  }
}

interface Entry {
  key: string;
  endpoint: string;
}

export interface ApiKeyStoreOptions {
  storage?: KeyValueStorage;
  storageKey?: string;
  /** The address to assume for a key saved before keys had one (the workspace's own, at start-up). */
  legacyEndpoint?: (providerId: string) => string;
}

export function createApiKeyStore(options: ApiKeyStoreOptions = {}): ApiKeyStore {
  const storageKey = options.storageKey ?? apiKeyStorageKey;
  const storage = options.storage;
  const entries = new Map<string, Entry>();
  const remembered = new Set<string>();

  if (storage) {
    try {
      const saved: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}');
      if (saved !== null && typeof saved === 'object') {
        for (const [provider, value] of Object.entries(saved)) {
          const entry = entryOf(value, () => options.legacyEndpoint?.(provider) ?? '');
          if (!entry) continue;
          entries.set(provider, entry);
          remembered.add(provider);
        }
      }
    } catch {
      // A corrupt entry is dropped: the user types the key again.
      storage.removeItem(storageKey);
    }
  }

  function persist(): void {
    if (!storage) return;
    const saved = Object.fromEntries([...remembered].map((provider) => [provider, entries.get(provider)]));
    if (remembered.size === 0) storage.removeItem(storageKey);
    else storage.setItem(storageKey, JSON.stringify(saved));
  }

  return {
    get(providerId, endpoint) {
      const entry = entries.get(providerId);
      if (!entry || (endpoint !== undefined && !sameEndpoint(entry.endpoint, endpoint))) return undefined;
      return entry.key;
    },
    endpointOf: (providerId) => entries.get(providerId)?.endpoint,
    set(providerId, key, setOptions = {}) {
      const trimmed = key.trim();
      if (trimmed === '') return this.remove(providerId);
      entries.set(providerId, { key: trimmed, endpoint: setOptions.endpoint ?? entries.get(providerId)?.endpoint ?? '' });
      if (setOptions.remember) remembered.add(providerId);
      else remembered.delete(providerId);
      persist();
    },
    remove(providerId) {
      entries.delete(providerId);
      remembered.delete(providerId);
      persist();
    },
    isRemembered: (providerId) => remembered.has(providerId),
    forgetAll() {
      entries.clear();
      remembered.clear();
      persist();
    },
    providers: () => [...entries.keys()],
    toJSON: () => '[API keys are not serialized]',
  };
}

/** A saved entry: `{ key, endpoint }`, or a bare key string as saved before addresses were kept. */
function entryOf(value: unknown, legacyEndpoint: () => string): Entry | undefined {
  if (typeof value === 'string') return value === '' ? undefined : { key: value, endpoint: legacyEndpoint() };
  if (value === null || typeof value !== 'object') return undefined;
  const { key, endpoint } = value as { key?: unknown; endpoint?: unknown };
  if (typeof key !== 'string' || key === '') return undefined;
  return { key, endpoint: typeof endpoint === 'string' ? endpoint : legacyEndpoint() };
}
