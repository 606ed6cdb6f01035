import { wrap, type IDBPDatabase } from 'idb';
import type { CompileStore, KeptCompile } from './compile-cache.ts';

// The compile cache's IndexedDB: one record per verdict, indexed by build. Loading this build's
// verdicts also drops those of other builds and the oldest beyond a cap, in the background. Storage
// trouble never blocks anything: a database that cannot open keeps nothing, and tools compile as before.

const storeName = 'verdicts';
const byBuild = 'by-build';
export const defaultCompileStoreName = 'toolscope-compiles';

export interface IndexedDbCompileStoreOptions {
  name?: string;
  /** A test's own IndexedDB (fake-indexeddb); default the browser's. */
  indexedDB?: IDBFactory;
  /** Verdicts kept for one build at most; the oldest go first. */
  maxEntries?: number;
}

export function indexedDbCompileStore(options: IndexedDbCompileStoreOptions = {}): CompileStore {
  const maxEntries = options.maxEntries ?? 4_000;
  let opening: Promise<IDBPDatabase | null> | null = null;
  const database = () => (opening ??= openDatabase(options));
  return {
    async load(build) {
      const opened = await database();
      if (!opened) return [];
      const entries = ((await opened.getAllFromIndex(storeName, byBuild, build)) as unknown[]).filter(isKeptCompile);
      void prune(opened, build, entries, maxEntries).catch(() => undefined);
      return entries;
    },
    async save(entries) {
      const opened = await database();
      if (!opened || entries.length === 0) return;
      const transaction = opened.transaction(storeName, 'readwrite');
      await Promise.all([...entries.map((entry) => transaction.store.put(entry)), transaction.done]);
    },
  };
}

async function openDatabase(options: IndexedDbCompileStoreOptions): Promise<IDBPDatabase | null> {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  if (!factory) return null;
  try {
    // idb's openDB always uses the global indexedDB; opening through `wrap` lets a test pass its own.
    const request = factory.open(options.name ?? defaultCompileStoreName, 1);
    request.addEventListener('upgradeneeded', () => {
      request.result.createObjectStore(storeName, { keyPath: 'key' }).createIndex(byBuild, 'build');
    });
    const opened = (await wrap(request)) as IDBPDatabase;
    if (opened.objectStoreNames.contains(storeName)) return opened;
    opened.close();
    return null;
  } catch {
    return null;
  }
}

/** Verdicts of other builds can never be used again; past the cap, the oldest of this build go. */
async function prune(opened: IDBPDatabase, build: string, entries: readonly KeptCompile[], maxEntries: number): Promise<void> {
  const transaction = opened.transaction(storeName, 'readwrite');
  let cursor = await transaction.store.openCursor();
  while (cursor) {
    if ((cursor.value as { build?: unknown }).build !== build) await cursor.delete();
    cursor = await cursor.continue();
  }
  const excess = entries.length - maxEntries;
  if (excess > 0)
    for (const entry of [...entries].sort((first, second) => first.usedAt - second.usedAt).slice(0, excess))
      await transaction.store.delete(entry.key);
  await transaction.done;
}

/** A record as this code writes it; anything else (damaged, another version's) is ignored. */
function isKeptCompile(value: unknown): value is KeptCompile {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<KeptCompile>;
  const verdict = entry.verdict as { ok?: unknown; parameters?: { type?: unknown }; problems?: unknown } | undefined;
  return (
    typeof entry.key === 'string' &&
    typeof entry.sources === 'string' &&
    typeof entry.language === 'string' &&
    typeof entry.usedAt === 'number' &&
    typeof verdict === 'object' &&
    verdict !== null &&
    (verdict.ok === true ? verdict.parameters?.type === 'object' : verdict.ok === false && Array.isArray(verdict.problems))
  );
}
