import type { JsonSchemaObject } from '../../core/index.ts';
import type { SourceProblem } from '../runtime/tool-runtime.ts';

// What compiling a tool's sources came to, kept so that unchanged sources never compile again: the
// sample tools' verdicts are made at build time (samples/vite-plugin-compiled-samples.ts), a user's
// tool's are kept in IndexedDB (indexed-db-compile-store.ts), both for this build of the app only (a
// new build may transpile or describe differently). Only verdicts on the sources are kept: a failure of
// the sandbox says nothing about them. Calls still load the tool's module into a fresh worker each
// time; the cache only spares the check that the module loads and the evaluation of its schema.
// Languages other than TypeScript add their own name to the key (`language`).

/** `description`: a Python tool's, read from its docstring (a TypeScript tool's is a workspace field). */
export type CompileVerdict = { ok: true; parameters: JsonSchemaObject; description?: string } | { ok: false; problems: SourceProblem[] };

/** One kept verdict: the sources it is on in full (a hash alone could collide), and when it was last used. */
export interface KeptCompile {
  key: string;
  build: string;
  language: string;
  sources: string;
  verdict: CompileVerdict;
  usedAt: number;
}

/** A verdict made at build time on a sample's sources, which it names by their hash (`sourcesHash`). */
export interface PrecompiledTool {
  language: string;
  hash: string;
  verdict: CompileVerdict;
}

/** Where verdicts are kept between visits (IndexedDB in the app, a Map in tests). */
export interface CompileStore {
  /** Every verdict kept for this build. */
  load(build: string): Promise<KeptCompile[]>;
  save(entries: readonly KeptCompile[]): Promise<void>;
}

export interface CompileCacheOptions {
  /** Identifies this build of the app's compile path (see samples/vite-plugin-compiled-samples.ts). */
  build: string;
  precompiled?: readonly PrecompiledTool[];
  store?: CompileStore;
  /** Milliseconds since the epoch, for `usedAt`. */
  now?: () => number;
}

export const typescriptLanguage = 'typescript';

/**
 * cyrb53 (a well-known public-domain string hash, 53 bits), twice with different seeds, in hex: a short
 * key for a long text. A kept verdict is confirmed on the full text; a build-time one (whose table ships
 * in the app, where full texts would double the samples' size) on these ~106 bits.
 */
export function sourcesHash(text: string): string {
  return `${cyrb53(text, 0).toString(16)}-${cyrb53(text, 0x9e3779b9).toString(16)}`;
}

function cyrb53(text: string, seed: number): number {
  let first = 0xdeadbeef ^ seed;
  let second = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507);
  first ^= Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507);
  second ^= Math.imul(first ^ (first >>> 13), 3266489909);
  return 4294967296 * (2097151 & second) + (first >>> 0);
}

export class CompileCache {
  private readonly known = new Map<string, KeptCompile>();
  private readonly precompiled = new Map<string, CompileVerdict>();
  private unsaved: KeptCompile[] = [];
  private saving: Promise<void> | null = null;
  private holds = 0;
  /** Settles once the kept verdicts are in memory (at once without a store; a store that fails counts as empty). */
  readonly loaded: Promise<void>;
  private isLoaded = false;

  constructor(private readonly options: CompileCacheOptions) {
    for (const entry of options.precompiled ?? []) this.precompiled.set(`${entry.language}:${entry.hash}`, entry.verdict);
    const store = options.store;
    this.loaded = (store ? store.load(options.build) : Promise.resolve([]))
      .then(
        (entries) => {
          for (const entry of entries) this.known.set(entry.key, entry);
        },
        () => undefined,
      )
      .finally(() => {
        this.isLoaded = true;
      });
  }

  /** Whether `lookup` can answer from everything kept (before that, only build-time verdicts are known). */
  get ready(): boolean {
    return this.isLoaded;
  }

  lookup(language: string, sources: string): CompileVerdict | undefined {
    const hash = sourcesHash(sources);
    const precompiled = this.precompiled.get(`${language}:${hash}`);
    if (precompiled) return precompiled;
    const kept = this.known.get(this.keyOf(language, hash));
    return kept && kept.sources === sources && kept.language === language ? kept.verdict : undefined;
  }

  remember(language: string, sources: string, verdict: CompileVerdict): void {
    const hash = sourcesHash(sources);
    if (this.precompiled.has(`${language}:${hash}`)) return;
    const entry: KeptCompile = {
      key: this.keyOf(language, hash),
      build: this.options.build,
      language,
      sources,
      verdict,
      usedAt: this.options.now?.() ?? Date.now(),
    };
    this.known.set(entry.key, entry);
    if (!this.options.store) return;
    this.unsaved.push(entry);
    // Verdicts that arrive together are saved in one transaction; while compiles are held, at their end.
    if (this.holds === 0) this.saving ??= Promise.resolve().then(() => this.flush());
  }

  /**
   * Holds the saving of verdicts while a compile runs: compiles that overlap (500 imported tools, whose
   * verdicts come in many reports) are saved in one transaction, once the last of them lets go.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0 && this.unsaved.length > 0) this.saving ??= Promise.resolve().then(() => this.flush());
    };
  }

  /** Resolves once every verdict remembered so far and not held is saved (or could not be). */
  async saved(): Promise<void> {
    while (this.saving) await this.saving;
  }

  private async flush(): Promise<void> {
    const batch = this.unsaved;
    this.unsaved = [];
    try {
      await this.options.store?.save(batch);
    } catch {
      // A full or broken IndexedDB only means these sources compile again next time.
    }
    this.saving = this.unsaved.length > 0 && this.holds === 0 ? this.flush() : null;
  }

  private keyOf(language: string, hash: string): string {
    return `${this.options.build}:${language}:${hash}`;
  }
}
