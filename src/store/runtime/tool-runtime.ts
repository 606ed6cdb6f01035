// What the store needs from the place user tools run (the sandbox in the app, a fake in unit tests).
import type { JsonSchemaObject, Tool } from '../../core/index.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';

/** A problem at a place in a tool's schema or code source (1-based, as Monaco counts). */
export interface SourceProblem {
  file: 'schema' | 'code';
  line: number;
  column: number;
  message: string;
}

export type CompileResult =
  | { ok: true; parameters: JsonSchemaObject }
  | { ok: false; problems: SourceProblem[] };

export interface RunToolOptions {
  /** JSON Schema from the tool's last successful compile (the last good schema stays in force). */
  parameters: JsonSchemaObject;
}

export interface ToolRuntime {
  /** Transpiles and evaluates the schema (and checks the code compiles) without running the tool. */
  compile(tool: ToolSource): Promise<CompileResult>;
  /** A core Tool whose validation and execution happen in the runtime. */
  toCoreTool(tool: ToolSource, options: RunToolOptions): Tool;
}
