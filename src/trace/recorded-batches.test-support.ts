// Real executor runs on a virtual clock, recorded as events: the timeline is tested against what the
// executor actually emits, not against hand-written event lists that could drift from it.
import { z } from 'zod';
import {
  defineTool,
  ToolExecutor,
  TransientError,
  VirtualClock,
  type ExecuteOptions,
  type ExecutorOptions,
  type Tool,
  type ToolCall,
} from '../core/index.ts';
import type { AgentRunEvent } from '../agent/index.ts';

/** Sleeps `ms` (on the clock) and returns the argument back. */
export const sleepTool = (name: string, ms: number): Tool =>
  defineTool({
    name,
    description: `sleeps ${ms} ms`,
    schema: z.object({ value: z.string().optional() }),
    execute: async (input, ctx) => {
      ctx.log('sleeping', ms);
      await ctx.sleep(ms);
      return { echo: input.value ?? null };
    },
  }) as Tool;

/** Fails with a transient error `failures` times, then succeeds. Idempotent, so it is retried. */
export const flakyTool = (name: string, failures: number, ms = 50): Tool => {
  let calls = 0;
  return defineTool({
    name,
    description: 'flaky',
    schema: z.object({}),
    idempotent: true,
    retry: { maxAttempts: failures + 1, baseDelayMs: 100, factor: 2, maxDelayMs: 1000 },
    execute: async (_input, ctx) => {
      await ctx.sleep(ms);
      if (calls++ < failures) throw new TransientError('503 from upstream');
      return 'ok';
    },
  }) as Tool;
};

/** Ignores its signal: keeps working `ms` on a timer of its own after the deadline. */
export const stubbornTool = (name: string, ms: number, clock: VirtualClock): Tool =>
  defineTool({
    name,
    description: 'ignores abort',
    schema: z.object({}),
    timeoutMs: 100,
    execute: async () => {
      await clock.sleep(ms);
      return 'finally';
    },
  }) as Tool;

export async function recordBatch(
  tools: (clock: VirtualClock) => Tool[],
  calls: ToolCall[],
  options: Omit<ExecutorOptions, 'clock'> = {},
  executeOptions: ExecuteOptions = {},
) {
  const clock = new VirtualClock(1000);
  const executor = new ToolExecutor({ random: () => 0.5, ...options, clock });
  for (const tool of tools(clock)) executor.register(tool);
  const events: AgentRunEvent[] = [];
  executor.on((event) => events.push(event));
  const results = await clock.run(executor.executeBatch(calls, executeOptions));
  // Late settles happen after the batch has returned.
  await clock.runUntilIdle();
  return { events, results, clock };
}

/** Reports progress every `stepMs` for `steps` steps and records a request and an answer as traffic (an MCP call). */
export const progressTool = (name: string, steps: number, stepMs: number): Tool =>
  defineTool({
    name,
    description: 'reports progress',
    schema: z.object({}),
    execute: async (_input, ctx) => {
      ctx.traffic?.('sent', { jsonrpc: '2.0', id: 1, method: 'tools/call' });
      for (let step = 1; step <= steps; step++) {
        await ctx.sleep(stepMs);
        ctx.progress?.({ progress: step, total: steps, message: `step ${step} of ${steps}` });
      }
      ctx.traffic?.('received', { jsonrpc: '2.0', id: 1, result: {} });
      return 'done';
    },
  }) as Tool;
