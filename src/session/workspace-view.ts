// What the run layer reads of the workspace: the user's tools and settings (the store's), and what the
// sandbox made of each tool's sources (the session's compile queue, session/compile/).
import type { JsonSchemaObject, Tool } from '../core/index.ts';
import type { FaultSettings } from '../faults/index.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';
import type { SourceProblem } from './runtime/tool-runtime.ts';

export interface ToolCompilationView {
  status: 'checking' | 'valid' | 'errors';
  /** Problems of the sources as they are now in the editors. */
  problems: SourceProblem[];
  /** From the last successful compile: a broken edit never takes a working tool away from a run. */
  parameters: JsonSchemaObject | null;
  /** A Python tool's description, read from its docstring by the last successful compile. */
  description?: string;
}

/**
 * A tool that runs elsewhere (an MCP server's), already a core Tool: registered beside the workspace's
 * tools in every run. Its sources are read-only and live with its server, not in the workspace.
 */
export interface RemoteToolView {
  id: string;
  /** Null when the tool cannot be offered; `problem` says why. */
  tool: Tool | null;
  problem: string | null;
  enabled: boolean;
  /** Draft arguments of its Test call (JSON text, may be invalid). */
  argumentsText: string;
  /** Where it comes from, in words ("MCP server toolscope-sample"). */
  source: string;
  /** Faults to inject around it (issue 19), as the workspace saves them for its server. */
  faults?: FaultSettings;
}

export interface WorkspaceView {
  workspace: Workspace;
  compilations: Readonly<Record<string, ToolCompilationView | undefined>>;
  /** Connected MCP servers' tools; absent where there are none (tests, older callers). */
  remoteTools?: readonly RemoteToolView[];
}

export interface WorkspaceSource {
  /** The workspace as it is now, without waiting for compiles in flight (discovery as you type). */
  current(): WorkspaceView;
  /**
   * The workspace once the given tools (default: every enabled tool) have compiled: what a run needs
   * first, or tools still compiling would be missing from it.
   */
  ready(toolIds?: readonly string[]): Promise<WorkspaceView>;
  /** The workspace with every tool that has a good verdict now made runnable, without waiting for compiles in flight. */
  readyNow(): Promise<WorkspaceView>;
}
