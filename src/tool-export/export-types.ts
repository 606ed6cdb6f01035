import type { RetryPolicy } from '../core/index.ts';

/** What an export needs of a tool: a workspace tool and a sample tool both fit. */
export interface ExportableTool {
  name: string;
  description: string;
  /** TypeScript whose default export is a zod schema. */
  schemaSource: string;
  /** TypeScript whose default export is `execute(input: Input, ctx: ToolContext)`. */
  codeSource: string;
  idempotent: boolean;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** A Python tool's codeSource is its module (schemaSource empty): only the Python targets export it. */
  language?: 'typescript' | 'python';
}

/** Code targets; the definition formats are JSON (see definitions-export.ts). */
export type CodeTarget = TypeScriptTarget | PythonTarget;
/** The targets of TypeScript tools. */
export type TypeScriptTarget = 'ai-sdk' | 'mcp' | 'define-tool';
/** The targets of Python tools (python/python-export.ts). */
export type PythonTarget = 'fastmcp' | 'python-module';
export type DefinitionTarget = 'openai-json' | 'anthropic-json' | 'mcp-json';
export type ExportTarget = CodeTarget | DefinitionTarget;

/** The run's settings a tool falls back on: in Toolscope every call has a deadline and a retry policy. */
export interface RunDefaults {
  timeoutMs: number;
  retry: RetryPolicy;
}

export interface GeneratedCode {
  fileName: string;
  language: 'typescript' | 'json' | 'python';
  text: string;
  /** Why the code may not work as it did in Toolscope (also written at the top of the file). */
  notes: string[];
}
