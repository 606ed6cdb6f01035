import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { harness, sleepyTool } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import { modelFacingPayload } from './format-for-model.ts';

function countingTool(state: { running: number; peak: number; order: number[] }): Tool {
  return defineTool({
    name: 'work',
    description: '',
    schema: z.object({ index: z.number(), ms: z.number() }),
    execute: async ({ index, ms }, ctx) => {
      state.order.push(index);
      state.running++;
      state.peak = Math.max(state.peak, state.running);
      try {
        await ctx.sleep(ms);
      } finally {
        state.running--;
      }
      return index;
    },
  }) as Tool;
}

describe('rule 5: concurrency', () => {
  it('never runs more than the executor limit, starts queued calls in order', async () => {
    const state = { running: 0, peak: 0, order: [] as number[] };
    const { clock, executor, events } = harness({ concurrency: 3 }, [countingTool(state)]);
    const durations = [50, 10, 40, 30, 20, 60, 10, 5, 70, 15];
    const batch = executor.executeBatch(durations.map((ms, index) => ({ id: `c${index}`, name: 'work', arguments: { index, ms } })));
    const results = await clock.run(batch);
    expect(results.map((result) => modelFacingPayload(result))).toEqual(durations.map((_, index) => index));
    expect(state.peak).toBe(3);
    expect(state.order).toEqual(durations.map((_, index) => index));
    const starts = events.filter((event) => event.type === 'tool-call-start');
    expect(starts.map((event) => event.toolCallId)).toEqual(durations.map((_, index) => `c${index}`));
    expect(Math.max(...starts.map((event) => (event.type === 'tool-call-start' ? event.concurrency : 0)))).toBe(3);
    // Queue time is not run time.
    const last = results[9]!;
    expect(last.startedAt).toBeGreaterThan(last.queuedAt);
    expect(last.durationMs).toBe(15);
  });

  it('applies a batch limit on top of the executor limit, and the limit across concurrent runs', async () => {
    const state = { running: 0, peak: 0, order: [] as number[] };
    const { clock, executor } = harness({ concurrency: 4 }, [countingTool(state)]);
    const first = executor.executeBatch(
      [0, 1, 2].map((index) => ({ name: 'work', arguments: { index, ms: 100 } })),
      { concurrency: 1 },
    );
    const second = executor.executeBatch([3, 4, 5, 6, 7].map((index) => ({ name: 'work', arguments: { index, ms: 100 } })));
    await clock.run(Promise.all([first, second]));
    expect(state.peak).toBe(4);
    const metrics = executor.getMetrics();
    expect(metrics).toMatchObject({ concurrency: 0, peakConcurrency: 4, queued: 0 });
  });

  it('rounds a fractional batch limit down, but never below one call at a time (issue 20)', async () => {
    for (const [concurrency, peak] of [
      [2.7, 2],
      [0.3, 1],
      [0, 1],
    ] as const) {
      const state = { running: 0, peak: 0, order: [] as number[] };
      const { clock, executor } = harness({}, [countingTool(state)]);
      const calls = [0, 1, 2, 3].map((index) => ({ name: 'work', arguments: { index, ms: 100 } }));
      const results = await clock.run(executor.executeBatch(calls, { concurrency }));
      expect(results.map((result) => result.status)).toEqual(['success', 'success', 'success', 'success']);
      expect(state.peak).toBe(peak);
    }
  });

  it('exposes the live gauge while calls run and wait', async () => {
    const { clock, executor } = harness({ concurrency: 2 }, [sleepyTool('nap', 100)]);
    const batch = executor.executeBatch([1, 2, 3].map(() => ({ name: 'nap', arguments: {} })));
    await clock.advance(10);
    expect(executor.getMetrics()).toMatchObject({ concurrency: 2, queued: 1 });
    expect(executor.toPrometheus()).toContain('agent_tool_concurrency 2\n');
    await clock.run(batch);
    expect(executor.getMetrics()).toMatchObject({ concurrency: 0, queued: 0 });
  });

  it('runs 20,000 calls of a synchronous tool queued behind a slow one, each ending before the next starts (issue 30)', async () => {
    const { executor, events, clock } = harness({ concurrency: 1 }, [
      sleepyTool('nap', 10),
      defineTool({ name: 'echo', description: '', schema: z.object({ index: z.number() }), execute: ({ index }) => index }) as Tool,
    ]);
    const count = 20_000;
    // The nap holds the only slot, so every echo queues. Hand-overs do not nest (semaphore.ts): a slot
    // freed by a call that ended at once starts the next call after it returned, so the stack stays flat.
    const calls = [
      { id: 'nap', name: 'nap', arguments: {} },
      ...Array.from({ length: count }, (_, index) => ({ id: `c${index}`, name: 'echo', arguments: { index } })),
    ];
    const results = await clock.run(executor.executeBatch(calls));
    expect(results.slice(1).every((result, index) => modelFacingPayload(result) === index)).toBe(true);
    const ends = events.filter((event) => event.type === 'tool-call-start' || event.type === 'tool-call-end');
    expect(ends.slice(0, 6).map((event) => `${event.type} ${event.toolCallId}`)).toEqual([
      'tool-call-start nap',
      'tool-call-end nap',
      'tool-call-start c0',
      'tool-call-end c0',
      'tool-call-start c1',
      'tool-call-end c1',
    ]);
    expect(executor.getMetrics()).toMatchObject({ concurrency: 0, queued: 0 });
  });
});
