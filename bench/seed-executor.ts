import type { z } from 'zod';

// The executor a developer writes by hand the first time (CONCEPTS.md, "the executor's four duties"):
// a map of tools, safeParse, a Promise.race against a timer, try/catch. The core's per-call cost is
// measured against this, in the same run, so the ratio says what the core's extra duties cost
// (events, metrics, retries, cancellation, late settles, limits).

export interface SeedTool {
  schema: z.ZodType;
  execute(input: unknown): unknown;
}

export type SeedResult = { status: 'success'; result: unknown } | { status: 'error'; error: string };

export class SeedExecutor {
  private readonly tools = new Map<string, SeedTool>();

  constructor(private readonly timeoutMs = 10_000) {}

  register(name: string, tool: SeedTool): void {
    this.tools.set(name, tool);
  }

  async execute(call: { name: string; arguments: unknown }): Promise<SeedResult> {
    const tool = this.tools.get(call.name);
    if (!tool) return { status: 'error', error: `Unknown tool "${call.name}"` };
    const parsed = tool.schema.safeParse(typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments);
    if (!parsed.success) return { status: 'error', error: parsed.error.message };
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Tool "${call.name}" timed out`)), this.timeoutMs);
      });
      const result = await Promise.race([Promise.resolve(tool.execute(parsed.data)), deadline]);
      return { status: 'success', result };
    } catch (error) {
      return { status: 'error', error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }
}
