import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxReportsPerCall } from './call-reports.ts';
import { defineTool } from './define-tool.ts';
import { harness } from './executor-harness.test-support.ts';
import type { ExecutorEvent } from './event-types.ts';
import type { Tool } from './tool.ts';
import { errorOf } from './results.ts';

const slow = defineTool({
  name: 'slow',
  description: '',
  schema: z.object({}),
  timeoutMs: 1000,
  execute: async (_input, ctx) => {
    ctx.traffic?.('sent', { method: 'tools/call' });
    for (let step = 1; step <= 3; step++) {
      await ctx.sleep(100);
      ctx.progress?.({ progress: step, total: 3, message: `step ${step}` });
    }
    ctx.traffic?.('received', { result: 'done' });
    return 'done';
  },
});

describe('progress and traffic reports', () => {
  it('become events with clock times and the attempt, in order', async () => {
    const { clock, executor, events } = harness({}, [slow as Tool]);
    await clock.run(executor.execute({ id: 'c', name: 'slow', arguments: {} }));
    const reports = events.filter((event) => event.type === 'tool-call-progress' || event.type === 'tool-call-traffic');
    expect(reports.map((event) => [event.type, event.time, event.entry])).toEqual([
      ['tool-call-traffic', 0, { time: 0, attempt: 1, direction: 'sent', message: { method: 'tools/call' } }],
      ['tool-call-progress', 100, { time: 100, attempt: 1, progress: 1, total: 3, message: 'step 1' }],
      ['tool-call-progress', 200, { time: 200, attempt: 1, progress: 2, total: 3, message: 'step 2' }],
      ['tool-call-progress', 300, { time: 300, attempt: 1, progress: 3, total: 3, message: 'step 3' }],
      ['tool-call-traffic', 300, { time: 300, attempt: 1, direction: 'received', message: { result: 'done' } }],
    ]);
  });

  it('do not move the deadline: a call that keeps reporting still times out', async () => {
    const chatty = defineTool({
      name: 'chatty',
      description: '',
      schema: z.object({}),
      timeoutMs: 250,
      execute: async (_input, ctx) => {
        for (let step = 1; ; step++) {
          await ctx.sleep(100);
          ctx.progress?.({ progress: step });
        }
      },
    });
    const { clock, executor, events } = harness({}, [chatty as Tool]);
    const result = await clock.run(executor.execute({ id: 'c', name: 'chatty', arguments: {} }));
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(result.endedAt).toBe(250);
    expect(events.filter((event) => event.type === 'tool-call-progress')).toHaveLength(2);
  });

  it('drop what a server cannot mean (NaN, a string total) and stop at the cap', async () => {
    const noisy = defineTool({
      name: 'noisy',
      description: '',
      schema: z.object({}),
      execute: (_input, ctx) => {
        ctx.progress?.({ progress: Number.NaN });
        ctx.progress?.({ progress: 1, total: 'ten' as unknown as number, message: '' });
        for (let index = 0; index < maxReportsPerCall + 50; index++) ctx.traffic?.('received', index);
        return 'ok';
      },
    });
    const { clock, executor, events } = harness({}, [noisy as Tool]);
    await clock.run(executor.execute({ id: 'c', name: 'noisy', arguments: {} }));
    const progress = events.filter(
      (event): event is Extract<ExecutorEvent, { type: 'tool-call-progress' }> => event.type === 'tool-call-progress',
    );
    expect(progress.map((event) => event.entry)).toEqual([{ time: 0, attempt: 1, progress: 1 }]);
    expect(events.filter((event) => event.type === 'tool-call-traffic')).toHaveLength(maxReportsPerCall);
  });
});
