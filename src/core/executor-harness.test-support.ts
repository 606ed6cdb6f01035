import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { ToolExecutor } from './executor.ts';
import type { ExecutorEvent } from './event-types.ts';
import { ToolVersions } from './registry/tool-versions.ts';
import type { ExecutorOptions } from './executor-options.ts';
import type { Tool } from './tool.ts';
import type { ToolError } from './tool-error.ts';
import type { ToolCallResult } from './tool-result.ts';
import { VirtualClock } from './virtual-clock.ts';

// Fixtures shared by the core's tests and benchmarks. Not exported from index.ts.

export interface Harness {
  clock: VirtualClock;
  executor: ToolExecutor;
  events: ExecutorEvent[];
}

/** An executor on a virtual clock at 0, with a fixed random source, recording every event. */
export function harness(options: ExecutorOptions = {}, tools: Tool[] = []): Harness {
  const clock = new VirtualClock(0);
  const executor = new ToolExecutor({ clock, random: () => 0.5, ...options });
  for (const tool of tools) executor.register(tool as Tool);
  const events: ExecutorEvent[] = [];
  executor.on((event) => events.push(event));
  return { clock, executor, events };
}

export const addTool = defineTool({
  name: 'add',
  description: 'Adds two numbers',
  schema: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
});

/** Waits `ms` on the clock through ctx.sleep, so it honours the signal. */
export function sleepyTool(name: string, ms: number, options: { idempotent?: boolean; timeoutMs?: number } = {}): Tool {
  return defineTool({
    name,
    description: `sleeps ${ms} ms`,
    schema: z.object({}),
    execute: async (_input, ctx) => {
      await ctx.sleep(ms);
      return `${name} done`;
    },
    ...options,
  }) as Tool;
}

/** Never settles and never looks at its signal. */
export function hangingTool(name = 'hang', timeoutMs?: number): Tool {
  return defineTool({ name, description: 'hangs', schema: z.object({}), execute: () => new Promise<never>(() => {}), timeoutMs }) as Tool;
}

/** A finished call's result as the metrics record it: success unless `error` is given, one attempt. */
export function recordedResult(name: string, durationMs: number, options: { error?: ToolError; version?: string } = {}): ToolCallResult {
  return {
    toolCallId: 'c',
    name,
    ...(options.error ? { status: 'error', error: options.error } : { status: 'success', result: null }),
    ...(options.version === undefined ? {} : { version: options.version }),
    attempts: 1,
    queuedAt: 0,
    startedAt: 0,
    endedAt: durationMs,
    durationMs,
    logs: [],
    attemptsDetail: [],
  };
}

/** flaky_api's versions, the first stable and each later one deployed at 0% (as the Versions tab does). */
export function deployedVersions(...labels: string[]): ToolVersions<{ name: string; version: string }> {
  const entry = (version: string) => ({ name: 'flaky_api', version });
  const [first, ...rest] = labels;
  const versions = new ToolVersions(entry(first ?? 'v1'), 0);
  for (const label of rest) versions.deploy(entry(label), 0);
  return versions;
}
