import type { RetryPolicy } from '../core/index.ts';

/** A sample tool as editable source: what a new workspace copies. */
export interface SampleTool {
  name: string;
  description: string;
  /** TypeScript; default export is a zod schema. */
  schemaSource: string;
  /** TypeScript; default export is `async function execute(input: Input, ctx: ToolContext)`. */
  codeSource: string;
  idempotent: boolean;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Valid arguments for the Test call editor. */
  exampleArguments: Record<string, unknown>;
}

/** A mock-model scenario as editable JSON text. */
export interface SampleScenario {
  name: string;
  source: string;
  /** Trajectory assertions (JSON text, as the Expectations editor holds it), so Run tests has something to check. */
  expectations?: string;
}
