import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolExecutor, type Tool } from '../core/index.ts';
import type { Scenario } from '../llm/index.ts';
import { buildTimeline } from './timeline-builder.ts';
import { runOnVirtualClock, type VirtualRunOptions, type VirtualRunSettings } from './virtual-run.ts';

/** Does `realMs` of real asynchronous work first (as a worker would), then waits `ms` on the clock. */
const workerLike = (name: string, ms: number, realMs = 5): Tool =>
  defineTool({
    name,
    description: name,
    schema: z.object({ city: z.string() }),
    execute: async (input, ctx) => {
      await new Promise((resolve) => setTimeout(resolve, realMs));
      await ctx.sleep(ms);
      return { city: input.city };
    },
  }) as Tool;

const scenario: Scenario = {
  name: 'three cities',
  seed: 3,
  turns: [
    { latencyMs: 100, toolCalls: ['Paris', 'Oslo', 'Lima'].map((city) => ({ name: 'weather', arguments: { city } })) },
    { latencyMs: 50, text: 'done' },
  ],
};
const settings = (concurrency: number | null): VirtualRunSettings => ({
  concurrency,
  timeoutMs: 1000,
  retry: { maxAttempts: 1 },
  maxIterations: 5,
});

/** The options of a run over `tools` with `settings`, each tool counted as the virtual run asks. */
function virtualRun(tools: Tool[], runSettings: VirtualRunSettings): Pick<VirtualRunOptions, 'createExecutor' | 'maxIterations'> {
  return {
    maxIterations: runSettings.maxIterations,
    createExecutor: async ({ clock, wrapTool, random }) => {
      const executor = new ToolExecutor({
        clock,
        random,
        timeoutMs: runSettings.timeoutMs,
        retry: runSettings.retry,
        concurrency: runSettings.concurrency ?? Infinity,
      });
      for (const tool of tools) executor.register(wrapTool(tool));
      return executor;
    },
  };
}

describe('runOnVirtualClock', () => {
  it('runs a scenario on virtual time, waiting for real work before jumping ahead', async () => {
    const unlimited = await runOnVirtualClock({ scenario, ...virtualRun([workerLike('weather', 300)], settings(null)) });
    expect(unlimited.stopReason).toBe('final_answer');
    // Model 100 + three calls in parallel 300 + model 50: nothing timed out although each call did real work first.
    expect(unlimited.totalMs).toBe(450);
    const model = buildTimeline(unlimited.events);
    expect(model.calls.map((call) => call.status)).toEqual(['success', 'success', 'success']);
    expect(model.lanes.count).toBe(3);
  });

  it('shows what a concurrency limit costs', async () => {
    const one = await runOnVirtualClock({ scenario, ...virtualRun([workerLike('weather', 300)], settings(1)) });
    expect(one.totalMs).toBe(100 + 900 + 50);
    expect(buildTimeline(one.events).lanes.count).toBe(1);
  });

  it('lets the deadline fire for a tool that keeps the CPU busy', async () => {
    const hog = defineTool({
      name: 'weather',
      description: 'never waits on the clock',
      schema: z.object({ city: z.string() }),
      execute: () => new Promise(() => {}),
    }) as Tool;
    const result = await runOnVirtualClock({ scenario, ...virtualRun([hog], settings(null)), stuckAfterMs: 20 });
    expect(buildTimeline(result.events).calls.map((call) => call.status)).toEqual(['timeout', 'timeout', 'timeout']);
  });

  it('stops a run that passes its real-time guard', async () => {
    const endless: Scenario = {
      name: 'loop',
      turns: Array.from({ length: 50 }, () => ({ latencyMs: 10, toolCalls: [{ name: 'weather', arguments: { city: 'x' } }] })),
    };
    const result = await runOnVirtualClock({
      scenario: endless,
      ...virtualRun([workerLike('weather', 10, 20)], { ...settings(null), maxIterations: 50 }),
      maxRealMs: 100,
    });
    expect(result.stopReason).toBe('aborted');
    expect(result.problem).toMatch(/too long/);
  });
});
