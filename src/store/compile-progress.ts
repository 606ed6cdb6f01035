// How far the sandbox is with compiling the workspace's tools, for "Compiling tools 4/10" and for a
// run that has to wait for them ("waiting for tools to compile" on the timeline).
import type { ToolCompilation } from '../session/index.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';

export interface CompileProgress {
  /** Tools whose current sources have a verdict (valid or with errors). */
  compiled: number;
  total: number;
  /** The one tool still compiling when only one is (an edit), for "Compiling get_weather…". */
  onlyPending: string | null;
}

const pending = (tool: ToolSource, compilations: Record<string, ToolCompilation>) => {
  const compilation = compilations[tool.id];
  return !compilation || compilation.status === 'checking';
};

/** Progress over `tools` (pass the enabled ones for what a run waits on); null when nothing is compiling. */
export function compileProgress(tools: readonly ToolSource[], compilations: Record<string, ToolCompilation>): CompileProgress | null {
  const waiting = tools.filter((tool) => pending(tool, compilations));
  if (waiting.length === 0) return null;
  return {
    compiled: tools.length - waiting.length,
    total: tools.length,
    onlyPending: waiting.length === 1 ? (waiting[0]?.name ?? null) : null,
  };
}

/** "Compiling tools 4/10", or "Compiling get_weather…" for a single edit. */
export function describeCompileProgress(progress: CompileProgress): string {
  return progress.onlyPending !== null && progress.compiled > 0
    ? `Compiling ${progress.onlyPending}…`
    : `Compiling tools ${progress.compiled}/${progress.total}`;
}

/**
 * `compileProgress`, worked out again only when the tools or their statuses change: a store selector
 * runs at every change of the store, and over 500 tools that was most of an import's selector time.
 */
export function lastCompileProgress(): (
  tools: readonly ToolSource[],
  compilations: Record<string, ToolCompilation>,
) => CompileProgress | null {
  let last: { tools: readonly ToolSource[]; compilations: Record<string, ToolCompilation>; progress: CompileProgress | null } | null = null;
  return (tools, compilations) => {
    if (last?.tools !== tools || last.compilations !== compilations)
      last = { tools, compilations, progress: compileProgress(tools, compilations) };
    return last.progress;
  };
}
