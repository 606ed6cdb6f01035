// What the project knows about each tool besides the tool itself: its zod schema (the MCP server lists
// it), the annotations its Toolscope settings imply, and its test call with the outcome to expect.
import type { z } from 'zod';
import type { ErrorKind, Tool } from './core/index.ts';

export type ExpectedOutcome = { status: 'success' } | { status: 'error'; kind: ErrorKind };

export interface ToolEntry {
  tool: Tool;
  inputSchema: z.ZodType;
  annotations: { idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  /** `assumed`: Toolscope recorded no test call, so success is expected without having been seen. */
  testCall?: { arguments: unknown; expected: ExpectedOutcome; assumed?: boolean };
}
