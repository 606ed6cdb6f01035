import type { ToolSource } from '../../workspace/workspace-schema.ts';
import type { CompileResult, ToolRuntime } from '../runtime/tool-runtime.ts';
import type { CompileCache, CompileVerdict } from './compile-cache.ts';
import { compileRetryingSandboxFailures } from './compile-retry.ts';
import { languageOf, sourcesKey, toolAtSources, type ToolCompilation } from './compile-status.ts';

// The one place that decides when a tool compiles. It is told when the workspace's tools change: a new
// tool compiles at once, an edited one once the typing pauses, a removed one is let go. Compiles run side
// by side (the sandbox gathers what arrives together into shared compile workers and limits how many run
// at once, docs/adr/0008); one tool is never compiled twice at once (an older answer could land last);
// the tool in the editor jumps the queue; a failure of the sandbox (not of the source) gets one more try
// and is never remembered as the verdict on the sources. Sources compiled before (in an earlier visit, or
// a sample at build time) take their verdict from the compile cache and compile nothing; the runtime is
// handed such a tool only when a run needs it (`ready`). Whoever shows the status (the store) subscribes.

export interface CompileQueueOptions {
  runtime: ToolRuntime;
  /** The workspace's tools as they are now. */
  tools(): readonly ToolSource[];
  /** The tool open in the editor, compiled before the others. */
  focusedToolId?(): string | null;
  /** How long an edit waits for the next keystroke before it compiles. */
  editDelayMs?: number;
  /** Verdicts on sources compiled before; absent, every tool compiles. */
  cache?: CompileCache;
}

/** Told that some tool's status changed: `compilations` has the news (read it as often as the screen changes). */
export type CompilationsListener = () => void;

export const defaultEditDelayMs = 300;

export class CompileQueue {
  // Each tool's status, changed in place: 500 imported tools report 1,000 times, and a copy of all of
  // them at each report made an import O(N²). Readers get a copy made once per batch of changes.
  private readonly entries: Record<string, ToolCompilation> = {};
  private snapshot: Readonly<Record<string, ToolCompilation>> | null = {};
  /** The tools by id, for the tools array it was made from (a new array after each change). */
  private index: { tools: readonly ToolSource[]; byId: ReadonlyMap<string, ToolSource> } | null = null;
  private readonly listeners = new Set<CompilationsListener>();
  /** Tools to compile, in the order asked, with whoever waits for each. */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** Tools compiling now: the sources of each compile, and whoever waits for it. */
  private readonly compiling = new Map<string, { key: string; resolvers: (() => void)[] }>();
  private readonly editTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The sources each tool was last queued (or scheduled) with, so a change is seen once. */
  private readonly requested = new Map<string, string>();
  /** The tool objects last seen: an unchanged object has unchanged sources. */
  private seen: ReadonlyMap<string, ToolSource> = new Map();
  /** The sources the runtime holds each tool with (compiled, or handed over from the cache). */
  private readonly held = new Map<string, string>();

  constructor(private readonly options: CompileQueueOptions) {}

  /** Every tool's compile status; a new object after each change (the same one until the next). */
  get compilations(): Readonly<Record<string, ToolCompilation>> {
    return (this.snapshot ??= { ...this.entries });
  }

  subscribe(listener: CompilationsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The workspace's tools changed: new ones compile now, edited ones after the edit delay, removed ones are let go. */
  toolsChanged(): void {
    const tools = this.options.tools();
    const seen = new Map(tools.map((tool) => [tool.id, tool]));
    const removed = [...this.seen.keys()].filter((toolId) => !seen.has(toolId));
    const previous = this.seen;
    this.seen = seen;
    if (removed.length > 0) this.forget(removed, seen);
    for (const tool of tools) {
      if (previous.get(tool.id) === tool) continue;
      const key = sourcesKey(tool.schemaSource, tool.codeSource);
      const requested = this.requested.get(tool.id);
      if (requested === key) continue;
      this.requested.set(tool.id, key);
      if (requested === undefined) void this.enqueue(tool.id, { pump: false });
      else this.scheduleEdit(tool.id);
    }
    // Once all are in: the tool in the editor goes first, and the sandbox gets the rest as one batch.
    this.pump();
  }

  /**
   * Resolves once the given tools (default: every enabled one) have a verdict on their sources as they
   * are now: what a run needs first. An edit still waiting for the typing to pause compiles at once.
   */
  async settled(toolIds?: readonly string[]): Promise<void> {
    const wanted = this.wanted(toolIds);
    const done = Promise.all(wanted.map((tool) => this.enqueue(tool.id, { pump: false })));
    this.pump();
    await done;
  }

  /**
   * `settled`, and the runtime holding each of these tools' last good sources, so a run can make core
   * tools of them: a verdict from the cache compiled nothing in the runtime, which now loads it.
   */
  async ready(toolIds?: readonly string[]): Promise<void> {
    await this.settled(toolIds);
    await this.hold(this.wanted(toolIds));
  }

  /**
   * The runtime holding every enabled tool that has a good verdict now (a sample's from the build, a
   * cached one), without waiting for compiles in flight: what discovery as you type can rank.
   */
  async readyNow(): Promise<void> {
    await this.hold(this.wanted(undefined));
  }

  /** Hands the runtime each tool's last good sources it does not hold yet (a cached verdict compiled nothing there). */
  private async hold(tools: readonly ToolSource[]): Promise<void> {
    const prepare = this.options.runtime.prepare?.bind(this.options.runtime);
    if (!prepare) return;
    await Promise.all(
      tools.map(async (tool) => {
        const entry = this.entries[tool.id];
        const good = entry?.goodSources;
        if (!good || !entry.parameters || this.held.get(tool.id) === good) return;
        const prepared = await compileRetryingSandboxFailures(() => prepare(toolAtSources(tool, good), entry.parameters!));
        if (prepared.ok) this.held.set(tool.id, good);
      }),
    );
  }

  /** The given tools that exist (in the order given), or every enabled one. */
  private wanted(toolIds: readonly string[] | undefined): ToolSource[] {
    if (!toolIds) return this.options.tools().filter((tool) => tool.enabled);
    return toolIds.map((toolId) => this.find(toolId)).filter((tool) => tool !== undefined);
  }

  private enqueue(toolId: string, options = { pump: true }): Promise<void> {
    clearTimeout(this.editTimers.get(toolId));
    this.editTimers.delete(toolId);
    const tool = this.find(toolId);
    if (!tool) return Promise.resolve();
    const key = sourcesKey(tool.schemaSource, tool.codeSource);
    this.requested.set(toolId, key);
    if (this.entries[toolId]?.compiledSources === key) return Promise.resolve();
    // Known from the cache already: the verdict without a compile (and without a "checking" in between).
    const cached = this.options.cache?.lookup(languageOf(tool), key);
    if (cached && !this.compiling.has(toolId)) {
      this.apply(toolId, key, cached);
      return Promise.resolve();
    }
    // Already compiling these very sources: its answer is the one to wait for.
    const inFlight = this.compiling.get(toolId);
    if (inFlight?.key === key && !this.waiting.has(toolId)) return new Promise<void>((resolve) => inFlight.resolvers.push(resolve));
    this.update(toolId, { status: 'checking' });
    const done = new Promise<void>((resolve) => this.waiting.set(toolId, [...(this.waiting.get(toolId) ?? []), resolve]));
    if (options.pump) this.pump();
    return done;
  }

  private scheduleEdit(toolId: string): void {
    clearTimeout(this.editTimers.get(toolId));
    this.editTimers.set(
      toolId,
      setTimeout(() => {
        this.editTimers.delete(toolId);
        void this.enqueue(toolId);
      }, this.options.editDelayMs ?? defaultEditDelayMs),
    );
  }

  private pump(): void {
    for (;;) {
      const next = this.nextToCompile();
      if (next === undefined) return;
      const resolvers = this.waiting.get(next) ?? [];
      this.waiting.delete(next);
      const tool = this.find(next);
      const compile = { key: tool ? sourcesKey(tool.schemaSource, tool.codeSource) : '', resolvers };
      this.compiling.set(next, compile);
      void this.compileNow(next).finally(() => {
        this.compiling.delete(next);
        for (const resolve of compile.resolvers) resolve();
        this.pump();
      });
    }
  }

  /** The tool in the editor if it waits, else the one that has waited longest (and is not compiling already). */
  private nextToCompile(): string | undefined {
    const focused = this.options.focusedToolId?.() ?? null;
    if (focused !== null && this.waiting.has(focused) && !this.compiling.has(focused)) return focused;
    for (const toolId of this.waiting.keys()) if (!this.compiling.has(toolId)) return toolId;
    return undefined;
  }

  private async compileNow(toolId: string): Promise<void> {
    const tool = this.find(toolId);
    if (!tool) return;
    const key = sourcesKey(tool.schemaSource, tool.codeSource);
    const known = this.entries[toolId];
    if (known?.compiledSources === key) {
      this.update(toolId, { status: known.problems.length > 0 ? 'errors' : 'valid' });
      return;
    }
    const cache = this.options.cache;
    if (cache) await cache.loaded;
    const cached = cache?.lookup(languageOf(tool), key);
    const result: CompileResult | CompileVerdict = cached ?? (await this.compileInRuntime(tool, key));
    // Sources changed meanwhile: that edit queued another compile, which will report.
    const current = this.find(toolId);
    if (!current || sourcesKey(current.schemaSource, current.codeSource) !== key) return;
    this.apply(toolId, key, result);
  }

  private async compileInRuntime(tool: ToolSource, key: string): Promise<CompileResult> {
    // A user-timing mark: visible in DevTools' Performance panel, and how e2e checks nothing compiles while idle.
    performance.mark('toolscope:compile');
    const result = await compileRetryingSandboxFailures(() => this.options.runtime.compile(tool));
    if (result.ok) this.held.set(tool.id, key);
    // A sandbox failure says nothing about the sources: it is not kept.
    const verdict: CompileVerdict | null = result.ok
      ? { ok: true, parameters: result.parameters, ...(result.description === undefined ? {} : { description: result.description }) }
      : result.kind === 'source'
        ? { ok: false, problems: result.problems }
        : null;
    if (verdict) this.options.cache?.remember(languageOf(tool), key, verdict);
    return result;
  }

  private apply(toolId: string, key: string, result: CompileResult | CompileVerdict): void {
    if (result.ok)
      this.update(toolId, {
        status: 'valid',
        problems: [],
        parameters: result.parameters,
        ...(result.description === undefined ? {} : { description: result.description }),
        compiledSources: key,
        goodSources: key,
      });
    // A sandbox failure is shown but not remembered, so the next run compiles again.
    else
      this.update(toolId, {
        status: 'errors',
        problems: result.problems,
        compiledSources: 'kind' in result && result.kind === 'sandbox' ? null : key,
      });
  }

  private forget(toolIds: readonly string[], kept: ReadonlyMap<string, ToolSource>): void {
    for (const toolId of toolIds) {
      clearTimeout(this.editTimers.get(toolId));
      this.editTimers.delete(toolId);
      this.requested.delete(toolId);
      this.held.delete(toolId);
      delete this.entries[toolId];
    }
    this.options.runtime.forgetAllExcept?.(new Set(kept.keys()));
    this.publish();
  }

  private find(toolId: string): ToolSource | undefined {
    const tools = this.options.tools();
    if (this.index?.tools !== tools) this.index = { tools, byId: new Map(tools.map((tool) => [tool.id, tool])) };
    return this.index.byId.get(toolId);
  }

  private update(toolId: string, patch: Partial<ToolCompilation>): void {
    const previous = this.entries[toolId] ?? { status: 'checking', problems: [], parameters: null, compiledSources: null };
    this.entries[toolId] = { ...previous, ...patch };
    this.publish();
  }

  private publish(): void {
    this.snapshot = null;
    for (const listener of [...this.listeners]) listener();
  }
}
