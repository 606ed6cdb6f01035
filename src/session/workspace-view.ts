// What the run layer reads of the workspace: the user's tools and settings, and what the sandbox made
// of each tool's sources. The store owns both (and the compile queue); the session only asks.
import type { JsonSchemaObject } from '../core/index.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';
import type { SourceProblem } from './runtime/tool-runtime.ts';

export interface ToolCompilationView {
  status: 'checking' | 'valid' | 'errors';
  /** Problems of the sources as they are now in the editors. */
  problems: SourceProblem[];
  /** From the last successful compile: a broken edit never takes a working tool away from a run. */
  parameters: JsonSchemaObject | null;
}

export interface WorkspaceView {
  workspace: Workspace;
  compilations: Readonly<Record<string, ToolCompilationView | undefined>>;
}

export interface WorkspaceSource {
  /** The workspace as it is now, without waiting for compiles in flight (discovery as you type). */
  current(): WorkspaceView;
  /**
   * The workspace once the given tools (default: every enabled tool) have compiled: what a run needs
   * first, or tools still compiling would be missing from it.
   */
  ready(toolIds?: readonly string[]): Promise<WorkspaceView>;
}
