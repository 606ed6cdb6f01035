import { describe, it, expect, vi } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { TransientError } from './errors.ts';
import { harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';

describe('rule 7: events', () => {
  it('describe a call completely, with clock times, for the timeline', async () => {
    const tool = defineTool({
      name: 'flaky',
      description: '',
      schema: z.object({ q: z.string() }),
      idempotent: true,
      timeoutMs: 400,
      execute: async (_input, ctx) => {
        ctx.log('attempt', ctx.attempt);
        await ctx.sleep(100);
        if (ctx.attempt === 1) throw new TransientError('busy');
        return 'ok';
      },
    });
    const { clock, executor, events } = harness({}, [tool as Tool]);
    await clock.run(executor.executeBatch([{ id: 'c', name: 'flaky', arguments: '{"q":"x"}' }]));
    const summary = events.map((event) => {
      const { type, time } = event;
      switch (event.type) {
        case 'tool-call-queued':
          return [type, time, event.arguments];
        case 'attempt-start':
          return [type, time, event.attempt, event.deadline];
        case 'attempt-end':
          return [type, time, event.attempt, event.outcome];
        case 'retry-scheduled':
          return [type, time, event.delayMs, event.reason];
        case 'tool-call-log':
          return [type, time, event.entry.message];
        case 'tool-call-end':
          return [type, time, event.result.status];
        default:
          return [type, time];
      }
    });
    expect(summary).toEqual([
      ['tool-call-queued', 0, '{"q":"x"}'],
      ['tool-call-start', 0],
      ['attempt-start', 0, 1, 400],
      ['tool-call-log', 0, 'attempt 1'],
      ['attempt-end', 100, 1, 'execution_error'],
      ['retry-scheduled', 100, 750, 'TransientError'],
      ['attempt-start', 850, 2, 1250],
      ['tool-call-log', 850, 'attempt 2'],
      ['attempt-end', 950, 2, 'success'],
      ['tool-call-end', 950, 'success'],
    ]);
    const batchIds = new Set(events.map((event) => event.batchId));
    expect(batchIds.size).toBe(1);
    expect([...batchIds][0]).toMatch(/^batch_/);
    expect(events.every((event) => event.toolCallId === 'c' && event.name === 'flaky')).toBe(true);
    const failed = events.find((event) => event.type === 'attempt-end' && event.attempt === 1);
    expect(failed).toMatchObject({ startedAt: 0, error: { kind: 'execution_error', message: 'busy' } });
  });

  it('an early failure goes from queued straight to end', async () => {
    const { executor, events } = harness();
    await executor.execute({ id: 'x', name: 'ghost', arguments: {} });
    expect(events.map((event) => event.type)).toEqual(['tool-call-queued', 'tool-call-end']);
    expect(events[0]).not.toHaveProperty('batchId');
  });

  it('a throwing listener never breaks a run, and its errors are collected', async () => {
    const { executor } = harness({}, []);
    executor.register(defineTool({ name: 'ok', description: '', schema: z.object({}), execute: () => 1 }) as Tool);
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unsubscribe = executor.on(() => {
      throw new Error('broken listener');
    });
    const result = await executor.execute({ name: 'ok', arguments: {} });
    expect(result.status).toBe('success');
    expect(executor.getListenerErrors().length).toBeGreaterThan(0);
    expect(report).toHaveBeenCalledTimes(1);
    unsubscribe();
    report.mockRestore();
  });
});
