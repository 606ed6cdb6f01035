// What the store needs from the place user tools run (the sandbox in the app, a fake in unit tests).
import type { JsonSchemaObject, Tool, Result } from '../../core/index.ts';
import type { FailureKind } from '../../sandbox/index.ts';
import type { ToolSource, ToolVersionSource } from '../../workspace/workspace-schema.ts';

/** A problem at a place in a tool's schema or code source (1-based, as Monaco counts). */
export interface SourceProblem {
  file: 'schema' | 'code';
  line: number;
  column: number;
  message: string;
}

/**
 * A failed compile says whose failure it is: `source` (the problems are in the sources: the verdict on
 * them) or `sandbox` (the runtime itself failed: worth another try, never remembered as the verdict).
 */
export type CompileResult = Result<
  /** `description`: a Python tool's, from its docstring (a TypeScript tool's description is a workspace field). */
  { parameters: JsonSchemaObject; description?: string },
  { kind: FailureKind; problems: SourceProblem[] }
>;

export interface RunToolOptions {
  /** JSON Schema from the tool's last successful compile (the last good schema stays in force). */
  parameters: JsonSchemaObject;
}

export interface ToolRuntime {
  /** Transpiles and evaluates the schema (and checks the code compiles) without running the tool. */
  compile(tool: ToolSource): Promise<CompileResult>;
  /** A core Tool whose validation and execution happen in the runtime. */
  toCoreTool(tool: ToolSource, options: RunToolOptions): Tool;
  /**
   * Compiles a frozen earlier version of a tool, held beside the tool's working copy (the stable
   * version during a canary). Optional, so runtimes written before versions still satisfy the interface;
   * without it a tool's canary is not set up and its newest version serves every call.
   */
  compileVersion?(tool: ToolSource, version: ToolVersionSource): Promise<CompileResult>;
  /** The core Tool of a version compiled by `compileVersion`, labelled with that version. */
  toCoreToolVersion?(tool: ToolSource, version: ToolVersionSource, options: RunToolOptions): Tool;
  /**
   * Sets a tool up to run from sources compiled before (their verdict came from the compile cache), with
   * the parameters that compile gave, without checking them again. Absent: every tool can run as it is.
   */
  prepare?(tool: ToolSource, parameters: JsonSchemaObject): Promise<CompileResult>;
  /**
   * Resolves once a version compiled by `compileVersion` can start `calls` calls at once without waiting
   * for a worker to boot (a Python interpreter takes seconds under load). Absent: nothing to wait for.
   */
  warmVersion?(tool: ToolSource, version: ToolVersionSource, calls: number): Promise<void>;
  /** Lets go of tools no longer in the workspace (their workers stop). */
  forgetAllExcept?(toolIds: ReadonlySet<string>): void;
}
