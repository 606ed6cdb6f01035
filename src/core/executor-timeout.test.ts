import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { ToolExecutor } from './executor.ts';
import { addTool, hangingTool, harness, sleepyTool } from './executor-harness.test-support.ts';
import type { Clock } from './clock.ts';
import type { Tool } from './tool.ts';
import { VirtualClock } from './virtual-clock.ts';
import { modelFacingPayload } from './format-for-model.ts';

describe('rule 4: timeouts', () => {
  it('aborts the attempt signal at the deadline and names the tool and the limit', async () => {
    let seenReason: unknown;
    const tool = defineTool({
      name: 'slow',
      description: '',
      schema: z.object({}),
      timeoutMs: 500,
      execute: async (_input, ctx) => {
        ctx.signal.addEventListener('abort', () => {
          seenReason = ctx.signal.reason;
        });
        await ctx.sleep(5000);
      },
    });
    const { clock, executor } = harness({}, [tool as Tool]);
    const result = await clock.run(executor.execute({ name: 'slow', arguments: {} }));
    expect(result).toMatchObject({
      status: 'error',
      attempts: 1,
      endedAt: 500,
      error: { kind: 'timeout', message: 'Tool "slow" timed out after 500 ms', retryable: true },
    });
    expect(modelFacingPayload(result)).toEqual({ error: 'Tool "slow" timed out after 500 ms' });
    expect(seenReason).toMatchObject({ name: 'TimeoutError' });
  });

  it('delivers the timeout at the deadline even when the tool ignores its signal, then reports the late settle', async () => {
    let finish: (value: string) => void = () => {};
    const stubborn = defineTool({
      name: 'stubborn',
      description: '',
      schema: z.object({}),
      execute: () => new Promise<string>((resolve) => (finish = resolve)),
    });
    const { clock, executor, events } = harness({ timeoutMs: 1000 }, [stubborn as Tool]);
    const pending = executor.execute({ id: 'c', name: 'stubborn', arguments: {} });
    await clock.advance(1000);
    const result = await pending;
    expect(result).toMatchObject({ endedAt: 1000, error: { kind: 'timeout' } });
    await clock.advance(4000);
    finish('too late');
    await clock.advance(0);
    const late = events.find((event) => event.type === 'attempt-late-settle');
    expect(late).toMatchObject({ type: 'attempt-late-settle', time: 5000, attempt: 1, outcome: 'success', toolCallId: 'c' });
    // Only an error has a message: a late value carries none, not even an empty one.
    expect(late).not.toHaveProperty('errorMessage');
    expect(modelFacingPayload(result)).toEqual({ error: 'Tool "stubborn" timed out after 1000 ms' });
  });

  it("uses the tool's timeout over the run's, and the run's over the executor's", async () => {
    const { clock, executor } = harness({ timeoutMs: 3000 }, [hangingTool('own', 200), hangingTool('none')]);
    const [own, none] = await clock.run(
      executor.executeBatch(
        [
          { name: 'own', arguments: {} },
          { name: 'none', arguments: {} },
        ],
        { timeoutMs: 700 },
      ),
    );
    expect([own?.durationMs, none?.durationMs]).toEqual([200, 700]);
    const plain = await clock.run(executor.execute({ name: 'none', arguments: {} }));
    expect(plain.durationMs).toBe(3000);
  });

  it('a tool that finishes before its deadline is not affected', async () => {
    const { clock, executor } = harness({ timeoutMs: 1000 }, [sleepyTool('quick', 999)]);
    const result = await clock.run(executor.execute({ name: 'quick', arguments: {} }));
    expect(result).toMatchObject({ status: 'success', durationMs: 999 });
    expect(clock.pendingTimers).toBe(0);
  });

  it('bounds an async validation (a sandboxed schema) by the same deadline', async () => {
    const remote: Tool = {
      name: 'remote',
      description: '',
      parameters: { type: 'object' },
      validate: () => new Promise(() => {}),
      execute: () => 'never',
      timeoutMs: 300,
    };
    const { clock, executor } = harness({}, [remote]);
    const result = await clock.run(executor.execute({ name: 'remote', arguments: {} }));
    expect(result).toMatchObject({
      attempts: 0,
      durationMs: 300,
      error: { kind: 'timeout', message: 'Tool "remote" timed out while validating its arguments after 300 ms' },
    });
  });

  it('works with a clock that only has now() and sleep()', async () => {
    const virtual = new VirtualClock(0);
    const minimal: Clock = { now: () => virtual.now(), sleep: (ms, signal) => virtual.sleep(ms, signal) };
    const executor = new ToolExecutor({ clock: minimal, timeoutMs: 300 }).register(hangingTool()).register(sleepyTool('nap', 100));
    const [hung, napped] = await virtual.run(
      executor.executeBatch([
        { name: 'hang', arguments: {} },
        { name: 'nap', arguments: {} },
      ]),
    );
    expect(hung).toMatchObject({ durationMs: 300, error: { kind: 'timeout' } });
    expect(napped).toMatchObject({ durationMs: 100, status: 'success' });
    expect(virtual.pendingTimers).toBe(0);
  });

  it('sets up no deadline timer for a tool that answers synchronously', async () => {
    const { clock, executor } = harness({}, [addTool]);
    const pending = executor.execute({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(clock.pendingTimers).toBe(0);
    expect(modelFacingPayload(await pending)).toBe(3);
  });

  it('gives an async validation and the first attempt different signals', async () => {
    const signals: AbortSignal[] = [];
    const remote: Tool = {
      name: 'remote',
      description: '',
      parameters: { type: 'object' },
      validate: async (args, signal) => {
        signals.push(signal);
        return { success: true, data: args };
      },
      execute: (_input, ctx) => {
        signals.push(ctx.signal);
        return 'ok';
      },
    };
    const { clock, executor } = harness({}, [remote]);
    expect((await clock.run(executor.execute({ name: 'remote', arguments: {} }))).status).toBe('success');
    expect(signals).toHaveLength(2);
    expect(signals[0]).not.toBe(signals[1]);
  });
});
