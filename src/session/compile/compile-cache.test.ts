import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CompileCache, sourcesHash, typescriptLanguage, type CompileStore, type KeptCompile } from './compile-cache.ts';
import { indexedDbCompileStore } from './indexed-db-compile-store.ts';

const parameters = { type: 'object' as const, properties: { city: { type: 'string' } } };

/** A store in memory that counts its saves. */
function memoryStore(initial: KeptCompile[] = []): CompileStore & { entries: KeptCompile[]; saves: number } {
  const store = {
    entries: [...initial],
    saves: 0,
    load: async (build: string) => store.entries.filter((entry) => entry.build === build),
    save: async (entries: readonly KeptCompile[]) => {
      store.saves++;
      store.entries.push(...entries);
    },
  };
  return store;
}

describe('CompileCache', () => {
  it('answers from build-time verdicts at once, before anything is loaded', () => {
    const sources = 'schema\u0000code';
    const cache = new CompileCache({
      build: 'b1',
      precompiled: [{ language: typescriptLanguage, hash: sourcesHash(sources), verdict: { ok: true, parameters } }],
      store: { load: () => new Promise(() => undefined), save: async () => undefined },
    });
    expect(cache.ready).toBe(false);
    expect(cache.lookup(typescriptLanguage, sources)).toEqual({ ok: true, parameters });
    expect(cache.lookup(typescriptLanguage, 'schema\u0000other code')).toBeUndefined();
    expect(cache.lookup('python', sources)).toBeUndefined();
  });

  it('keeps a verdict for the next visit of the same build only, saving what arrives together at once', async () => {
    const store = memoryStore();
    const first = new CompileCache({ build: 'b1', store });
    await first.loaded;
    for (let index = 0; index < 50; index++) first.remember(typescriptLanguage, `s${index}\u0000c`, { ok: true, parameters });
    first.remember(typescriptLanguage, 'bad\u0000c', { ok: false, problems: [{ file: 'schema', line: 1, column: 2, message: 'x' }] });
    await first.saved();
    expect(store.saves).toBe(1);

    const next = new CompileCache({ build: 'b1', store });
    await next.loaded;
    expect(next.lookup(typescriptLanguage, 's7\u0000c')).toEqual({ ok: true, parameters });
    expect(next.lookup(typescriptLanguage, 'bad\u0000c')).toMatchObject({ ok: false });
    const otherBuild = new CompileCache({ build: 'b2', store });
    await otherBuild.loaded;
    expect(otherBuild.lookup(typescriptLanguage, 's7\u0000c')).toBeUndefined();
  });

  it('never takes a kept verdict for other sources, even under the same key', async () => {
    const sources = 'schema\u0000code';
    const forged: KeptCompile = {
      key: `b1:${typescriptLanguage}:${sourcesHash(sources)}`,
      build: 'b1',
      language: typescriptLanguage,
      sources: 'something else',
      verdict: { ok: true, parameters },
      usedAt: 0,
    };
    const cache = new CompileCache({ build: 'b1', store: memoryStore([forged]) });
    await cache.loaded;
    expect(cache.lookup(typescriptLanguage, sources)).toBeUndefined();
  });

  it('works without its storage: a store that fails to load or save only means compiling again', async () => {
    const cache = new CompileCache({
      build: 'b1',
      store: { load: () => Promise.reject(new Error('blocked')), save: () => Promise.reject(new Error('full')) },
    });
    await cache.loaded;
    expect(cache.ready).toBe(true);
    cache.remember(typescriptLanguage, 'a\u0000b', { ok: true, parameters });
    await cache.saved();
    expect(cache.lookup(typescriptLanguage, 'a\u0000b')).toEqual({ ok: true, parameters });
  });
});

describe('indexedDbCompileStore', () => {
  const entry = (build: string, index: number): KeptCompile => ({
    key: `${build}:ts:${index}`,
    build,
    language: typescriptLanguage,
    sources: `s${index}`,
    verdict: { ok: true, parameters },
    usedAt: index,
  });

  it('loads this build’s verdicts, drops other builds’ and the oldest past its cap, and ignores damaged records', async () => {
    const indexedDB = new IDBFactory();
    const store = indexedDbCompileStore({ indexedDB, name: 'compiles-test', maxEntries: 3 });
    await store.save([entry('old', 1), ...[1, 2, 3, 4].map((index) => entry('b1', index))]);
    await store.save([{ ...entry('b1', 9), verdict: { ok: 'yes' } as never }]);
    expect((await store.load('b1')).map((kept) => kept.sources).sort()).toEqual(['s1', 's2', 's3', 's4']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = indexedDbCompileStore({ indexedDB, name: 'compiles-test', maxEntries: 3 });
    expect((await again.load('b1')).map((kept) => kept.sources).sort()).toEqual(['s2', 's3', 's4']);
    expect(await again.load('old')).toEqual([]);
  });

  it('keeps nothing, and fails nothing, when the database cannot open', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const store = indexedDbCompileStore({ indexedDB: refusing });
    await store.save([entry('b1', 1)]);
    expect(await store.load('b1')).toEqual([]);
  });
});
