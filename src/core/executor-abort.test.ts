import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { TransientError } from './errors.ts';
import { hangingTool, harness, sleepyTool } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import { errorOf } from './results.ts';

describe('cancellation by signal', () => {
  it('aborts running attempts (even ones ignoring the signal) and cancels queued calls at once', async () => {
    const { clock, executor, events } = harness({ concurrency: 1 }, [hangingTool('hang', 60_000), sleepyTool('nap', 100)]);
    const controller = new AbortController();
    const batch = executor.executeBatch(
      [
        { id: 'running', name: 'hang', arguments: {} },
        { id: 'queued', name: 'nap', arguments: {} },
      ],
      { signal: controller.signal },
    );
    await clock.advance(30);
    controller.abort(new Error('user pressed stop'));
    const [running, queued] = await batch;
    expect(running).toMatchObject({
      attempts: 1,
      endedAt: 30,
      error: { kind: 'aborted', message: 'Call to tool "hang" was aborted: user pressed stop', retryable: false },
    });
    expect(queued).toMatchObject({
      attempts: 0,
      endedAt: 30,
      error: { kind: 'aborted', message: 'Call to tool "nap" was aborted while queued: user pressed stop' },
    });
    // The cancelled call never started.
    expect(events.some((event) => event.type === 'tool-call-start' && event.toolCallId === 'queued')).toBe(false);
    expect(executor.getMetrics()).toMatchObject({ concurrency: 0, queued: 0 });
    expect(clock.pendingTimers).toBe(0);
  });

  it('passes the abort on to the tool through ctx.signal and ctx.sleep', async () => {
    let observed: unknown;
    const tool = defineTool({
      name: 'polite',
      description: '',
      schema: z.object({}),
      execute: async (_input, ctx) => {
        try {
          await ctx.sleep(10_000);
        } catch (error) {
          observed = error;
          throw error;
        }
      },
    });
    const { clock, executor, events } = harness({}, [tool as Tool]);
    const controller = new AbortController();
    const pending = executor.execute({ name: 'polite', arguments: {} }, { signal: controller.signal });
    await clock.advance(5);
    controller.abort(new Error('stop'));
    const result = await pending;
    await clock.advance(0);
    expect(errorOf(result)?.kind).toBe('aborted');
    expect(observed).toMatchObject({ message: 'stop' });
    expect(events.filter((event) => event.type === 'attempt-late-settle')).toMatchObject([{ outcome: 'error', errorMessage: 'stop' }]);
  });

  it('cancels a pending retry wait', async () => {
    const tool = defineTool({
      name: 'flaky',
      description: '',
      schema: z.object({}),
      idempotent: true,
      execute: () => {
        throw new TransientError('busy');
      },
    });
    const { clock, executor } = harness({}, [tool as Tool]);
    const controller = new AbortController();
    const pending = executor.execute({ name: 'flaky', arguments: {} }, { signal: controller.signal });
    await clock.advance(100);
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ attempts: 1, endedAt: 100, error: { kind: 'aborted' } });
    expect(errorOf(result)?.message).toContain('while waiting to retry');
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not start anything with a signal that is already aborted', async () => {
    let ran = false;
    const tool = defineTool({
      name: 'noop',
      description: '',
      schema: z.object({}),
      execute: () => {
        ran = true;
      },
    });
    const { executor } = harness({}, [tool as Tool]);
    const results = await executor.executeBatch([{ name: 'noop', arguments: {} }], { signal: AbortSignal.abort() });
    expect(ran).toBe(false);
    expect(results[0]).toMatchObject({ attempts: 0, error: { kind: 'aborted' } });
    expect(errorOf(results[0])?.message).toContain('before it started');
  });
});
