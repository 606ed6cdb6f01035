import type { StateCreator } from 'zustand/vanilla';
import { messageOf } from '../core/index.ts';
import type { CompileResult, ToolCompilationView, ToolRuntime } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export interface ToolCompilation extends ToolCompilationView {
  /** The sources this entry describes, so a stale answer is ignored. */
  compiledSources: string | null;
  /** The sources of the last successful compile: the last good version a run falls back on. */
  goodSources?: string | null;
}

export interface CompilationSlice {
  compilations: Record<string, ToolCompilation>;
  /** Resolves once the tool's current sources have been compiled (or found unchanged). */
  compileTool(toolId: string): Promise<void>;
  /** Every enabled tool compiled: what a run needs first, or tools still compiling would be missing from it. */
  compileEnabledTools(): Promise<void>;
}

/** One tool's schema and code as one text, to tell which sources a compile or a run had. */
export const sourcesKey = (schemaSource: string, codeSource: string) => `${schemaSource}\u0000${codeSource}`;

/**
 * Failures of the sandbox itself (restarted, starved, could not start) rather than of the user's
 * sources: worth one more try, and never remembered as the verdict on these sources.
 */
const sandboxFailure = /sandbox (stopped responding|failed|could not start)|worker (could not start|did not answer)/i;
const isSandboxFailure = (result: CompileResult) => !result.ok && result.problems.some((problem) => sandboxFailure.test(problem.message));

/** Compiles, trying once more when the sandbox (not the source) failed. */
async function compileWithRetry(runtime: ToolRuntime, tool: Parameters<ToolRuntime['compile']>[0]): Promise<CompileResult> {
  let result: CompileResult = { ok: false, problems: [] };
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      result = await runtime.compile(tool);
    } catch (error) {
      result = {
        ok: false,
        problems: [{ file: 'schema', line: 1, column: 1, message: `The sandbox failed: ${messageOf(error)}` }],
      };
    }
    if (!isSandboxFailure(result)) break;
  }
  return result;
}

export const createCompilationSlice =
  (runtime: ToolRuntime): StateCreator<AppState, AppMiddlewares, [], CompilationSlice> =>
  (set, get) => {
    const update = (toolId: string, patch: Partial<ToolCompilation>) =>
      set(
        (state) => {
          const previous = state.compilations[toolId] ?? { status: 'checking', problems: [], parameters: null, compiledSources: null };
          return { compilations: { ...state.compilations, [toolId]: { ...previous, ...patch } } };
        },
        undefined,
        'compilation/update',
      );

    // Compiles run side by side: the sandbox gathers what arrives together into shared compile workers
    // and limits how many run at once (docs/adr/0008). One tool is never compiled twice at once (an
    // older answer could land last); the tool being edited jumps the queue.
    const waiting = new Map<string, (() => void)[]>();
    const compiling = new Set<string>();

    async function compileNow(toolId: string): Promise<void> {
      const tool = get().workspace.tools.find((candidate) => candidate.id === toolId);
      if (!tool) return;
      const key = sourcesKey(tool.schemaSource, tool.codeSource);
      if (get().compilations[toolId]?.compiledSources === key) {
        update(toolId, { status: get().compilations[toolId]?.problems.length ? 'errors' : 'valid' });
        return;
      }
      // A user-timing mark: visible in DevTools' Performance panel, and how e2e checks nothing compiles while idle.
      performance.mark('toolscope:compile');
      const result = await compileWithRetry(runtime, tool);
      // Sources changed meanwhile: that edit queued another compile, which will report.
      const current = get().workspace.tools.find((candidate) => candidate.id === toolId);
      if (!current || sourcesKey(current.schemaSource, current.codeSource) !== key) return;
      if (result.ok)
        update(toolId, { status: 'valid', problems: [], parameters: result.parameters, compiledSources: key, goodSources: key });
      // A sandbox failure is shown but not remembered, so the next run or edit compiles again.
      else update(toolId, { status: 'errors', problems: result.problems, compiledSources: isSandboxFailure(result) ? null : key });
    }

    function pump(): void {
      for (;;) {
        const selected = get().selectedToolId;
        const ready = [...waiting.keys()].filter((toolId) => !compiling.has(toolId));
        const next = selected && ready.includes(selected) ? selected : ready[0];
        if (next === undefined) return;
        const resolvers = waiting.get(next) ?? [];
        waiting.delete(next);
        compiling.add(next);
        void compileNow(next).finally(() => {
          compiling.delete(next);
          for (const resolve of resolvers) resolve();
          pump();
        });
      }
    }

    return {
      compilations: {},

      compileTool(toolId) {
        const tool = get().workspace.tools.find((candidate) => candidate.id === toolId);
        if (!tool || get().compilations[toolId]?.compiledSources === sourcesKey(tool.schemaSource, tool.codeSource))
          return Promise.resolve();
        update(toolId, { status: 'checking' });
        const done = new Promise<void>((resolve) => waiting.set(toolId, [...(waiting.get(toolId) ?? []), resolve]));
        pump();
        return done;
      },

      async compileEnabledTools() {
        const enabled = get().workspace.tools.filter((tool) => tool.enabled);
        await Promise.all(enabled.map((tool) => get().compileTool(tool.id)));
      },
    };
  };
