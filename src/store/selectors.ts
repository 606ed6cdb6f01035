import type { ToolDefinition, ToolHealth } from '../core/index.ts';
import type { AppState } from './app-state.ts';
import type { ToolCompilation } from '../session/index.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';

export const selectSelectedTool = (state: AppState): ToolSource | null =>
  state.workspace.tools.find((tool) => tool.id === state.selectedToolId) ?? null;

/** The selected tool's versions as a run has them: the lesson's during a run whose lesson set them up. */
export const selectRunVersionsTool = (state: AppState): ToolSource | null =>
  state.lessonRun?.tools.find((tool) => tool.id === state.selectedToolId) ?? selectSelectedTool(state);

export type ToolStatus = 'valid' | 'errors' | 'checking' | 'unhealthy';

/** Compile problems come first: a tool that does not compile is not run, healthy or not. */
export function toolStatus(compilation: ToolCompilation | undefined, health?: ToolHealth): { status: ToolStatus; detail?: string } {
  if (!compilation || compilation.status === 'checking') return { status: 'checking' };
  if (compilation.status === 'errors') {
    const first = compilation.problems[0];
    return { status: 'errors', detail: first ? `${first.file} ${first.line}:${first.column} ${first.message}` : undefined };
  }
  if (health?.healthy === false) return { status: 'unhealthy', detail: `Unhealthy: ${health.detail ?? 'the health check failed'}` };
  return { status: 'valid' };
}

/** What the model sees for a tool: its last good JSON Schema with the current name and description. */
export function definitionOf(tool: ToolSource, compilation: ToolCompilation | undefined): ToolDefinition | null {
  const parameters = compilation?.parameters;
  return parameters ? { name: tool.name, description: compilation?.description ?? tool.description, parameters } : null;
}
