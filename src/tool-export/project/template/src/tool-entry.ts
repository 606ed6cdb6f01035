// What the project knows about each tool besides the tool itself: its zod schema (the MCP server lists
// it), the annotations its Toolscope settings imply, and its test call with the outcome to expect.
import type { z } from 'zod';
import type { ErrorKind, Tool } from './core/index.ts';

export type ExpectedOutcome = { status: 'success' } | { status: 'error'; kind: ErrorKind };

export interface ToolEntry {
  tool: Tool;
  inputSchema: z.ZodType;
  annotations: { idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  /**
   * What its test expects: seen in a Toolscope test call, known from its schema refusing the arguments
   * (`refusedBecause`), or `assumed` (success, never seen).
   */
  testCall?: { arguments: unknown; expected: ExpectedOutcome; assumed?: boolean; refusedBecause?: string };
}
