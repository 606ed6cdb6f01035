import type { StateCreator } from 'zustand/vanilla';
import type { JsonSchemaObject } from '../core/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import type { SourceProblem, ToolRuntime } from './runtime/tool-runtime.ts';

export interface ToolCompilation {
  status: 'checking' | 'valid' | 'errors';
  problems: SourceProblem[];
  /** From the last successful compile: a broken edit never takes a working tool away. */
  parameters: JsonSchemaObject | null;
  /** The sources this entry describes, so a stale answer is ignored. */
  compiledSources: string | null;
}

export interface CompilationSlice {
  compilations: Record<string, ToolCompilation>;
  compileTool(toolId: string): Promise<void>;
}

const sourcesKey = (schemaSource: string, codeSource: string) => `${schemaSource}\u0000${codeSource}`;

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

    return {
      compilations: {},

      async compileTool(toolId) {
        const tool = get().workspace.tools.find((candidate) => candidate.id === toolId);
        if (!tool) return;
        const key = sourcesKey(tool.schemaSource, tool.codeSource);
        if (get().compilations[toolId]?.compiledSources === key) return;
        update(toolId, { status: 'checking' });
        let result: Awaited<ReturnType<ToolRuntime['compile']>>;
        try {
          result = await runtime.compile(tool);
        } catch (error) {
          result = { ok: false, problems: [{ file: 'schema', line: 1, column: 1, message: `The sandbox failed: ${error instanceof Error ? error.message : String(error)}` }] };
        }
        // Sources changed while compiling: a newer compile will report.
        const current = get().workspace.tools.find((candidate) => candidate.id === toolId);
        if (!current || sourcesKey(current.schemaSource, current.codeSource) !== key) return;
        if (result.ok) update(toolId, { status: 'valid', problems: [], parameters: result.parameters, compiledSources: key });
        else update(toolId, { status: 'errors', problems: result.problems, compiledSources: key });
      },
    };
  };
