import type { ErrorKind, RetryPolicy } from '../../core/index.ts';
import type { ExportableTool } from '../export-types.ts';

export type ProjectFlavour = 'plain' | 'ai-sdk' | 'mcp';

export const projectFlavours: { flavour: ProjectFlavour; label: string; detail: string }[] = [
  { flavour: 'plain', label: 'Plain executor', detail: "the agent loop on Toolscope's executor core, a mock model or OpenAI/Anthropic" },
  { flavour: 'ai-sdk', label: 'Vercel AI SDK', detail: 'generateText runs the loop; tool calls go through the executor' },
  { flavour: 'mcp', label: 'MCP server', detail: 'a stdio MCP server whose calls go through the executor, plus the agent loop' },
];

export type ExpectedOutcome = { status: 'success' } | { status: 'error'; kind: ErrorKind };

/**
 * A tool with the test its project runs: these arguments → this outcome, seen in a test call, known
 * from the schema refusing the arguments (`refusedBecause`), or `assumed` (success, never seen).
 */
export interface ProjectTool extends ExportableTool {
  testCall?: { arguments: unknown; expected: ExpectedOutcome; assumed?: boolean; refusedBecause?: string };
}

export interface ProjectSettings {
  concurrency: number | null;
  timeoutMs: number;
  retry: RetryPolicy;
  maxIterations: number;
}

export interface ProjectRequest {
  name: string;
  flavour: ProjectFlavour;
  tools: readonly ProjectTool[];
  settings: ProjectSettings;
}

/** Path inside the project → text. */
export type ProjectFiles = Record<string, string>;
