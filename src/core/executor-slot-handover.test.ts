import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { addTool, harness } from './executor-harness.test-support.ts';
import type { Clock } from './clock.ts';
import { errorOf } from './results.ts';
import { ToolExecutor } from './executor.ts';
import type { Tool, ValidationResult } from './tool.ts';
import { VirtualClock } from './virtual-clock.ts';

// When a call's slot passes to the next queued call: only once the freeing call's work has been told to
// stop (so a limit of N never has N + 1 tools running), and in the very reaction to a tool's settle
// (one reaction per call, docs/adr/0021).

/** A tool that runs until its signal aborts, noting when it was told to stop. */
function stoppable(name: string, order: string[]): Tool {
  return defineTool({
    name,
    description: '',
    schema: z.object({}),
    execute: (_input, ctx) =>
      new Promise((_, reject) =>
        ctx.signal.addEventListener('abort', () => {
          order.push(`${name} told to stop`);
          reject(ctx.signal.reason);
        }),
      ),
  }) as Tool;
}

/** A tool that notes when it starts and answers at once. */
function noting(name: string, order: string[]): Tool {
  return defineTool({ name, description: '', schema: z.object({}), execute: () => (order.push(`${name} started`), 'ok') }) as Tool;
}

describe('a slot freed by a stopped call', () => {
  it('goes to the next call only after the stopped tool was told to stop', async () => {
    const order: string[] = [];
    const { clock, executor } = harness({ concurrency: 1 }, [stoppable('long', order), noting('next', order)]);
    const controller = new AbortController();
    const stopped = executor.execute({ name: 'long', arguments: {} }, { signal: controller.signal });
    const next = executor.execute({ name: 'next', arguments: {} });
    await clock.advance(10);
    controller.abort('Stop');
    await clock.run(Promise.all([stopped, next]));
    expect(order).toEqual(['long told to stop', 'next started']);
  });

  it('goes to the next call only after a validation past its deadline was told to stop', async () => {
    const order: string[] = [];
    const remote: Tool = {
      name: 'remote',
      description: 'validated elsewhere',
      parameters: { type: 'object' },
      validate: (_args, signal) =>
        new Promise<ValidationResult>((_, reject) =>
          signal.addEventListener('abort', () => {
            order.push('validation told to stop');
            reject(signal.reason);
          }),
        ),
      execute: () => 'ran',
    };
    const { clock, executor } = harness({ concurrency: 1, timeoutMs: 200 }, [remote, noting('next', order)]);
    const timedOut = executor.execute({ name: 'remote', arguments: {} });
    const next = executor.execute({ name: 'next', arguments: {} });
    await clock.run(Promise.all([timedOut, next]));
    expect(errorOf(await timedOut)?.kind).toBe('timeout');
    expect(order).toEqual(['validation told to stop', 'next started']);
  });
});

describe('a slot freed by a tool that settles', () => {
  it('goes to the next call in the reaction to the settle, before anything the tool queued after it', async () => {
    for (const settles of ['resolves', 'rejects'] as const) {
      const order: string[] = [];
      let settle: () => void = () => undefined;
      const first: Tool = {
        name: 'first',
        description: '',
        parameters: { type: 'object' },
        validate: (args) => ({ success: true, data: args }),
        validationIgnoresSignal: true,
        execute: () =>
          new Promise((resolve, reject) => {
            settle = () => {
              if (settles === 'resolves') resolve('ok');
              else reject(new Error('failed'));
              queueMicrotask(() => order.push('queued by the tool after settling'));
            };
          }),
      };
      const { clock, executor } = harness({ concurrency: 1 }, [first, noting('next', order)]);
      const calls = Promise.all([executor.execute({ name: 'first', arguments: {} }), executor.execute({ name: 'next', arguments: {} })]);
      settle();
      await clock.run(calls);
      expect(order).toEqual(['next started', 'queued by the tool after settling']);
    }
  });
});

/** A virtual clock that every read moves on by 1 ms, as a real clock moves while code runs. */
function movingClock(): Clock {
  const virtual = new VirtualClock(0);
  let reads = 0;
  return {
    now: () => virtual.now() + ++reads,
    sleep: (ms, signal) => virtual.sleep(ms, signal),
    setTimer: (ms, callback) => virtual.setTimer(ms, callback),
  };
}

describe('a queued call handed a slot', () => {
  it('starts the instant the call before it ended, and after a call that ended in the hand-over itself', async () => {
    const executor = new ToolExecutor({ clock: movingClock(), concurrency: 1 });
    const order: string[] = [];
    executor.register(stoppable('long', order));
    executor.register(addTool as Tool);
    const controller = new AbortController();
    const first = executor.execute({ id: 'first', name: 'long', arguments: {} }, { signal: controller.signal });
    const second = executor.execute({ id: 'second', name: 'add', arguments: { a: 1, b: 2 } });
    const third = executor.execute({ id: 'third', name: 'add', arguments: { a: 3, b: 4 } });
    controller.abort('Stop');
    const [stopped, synchronous, last] = await Promise.all([first, second, third]);
    expect(synchronous.startedAt).toBe(stopped.endedAt);
    expect(last.startedAt).toBeGreaterThan(synchronous.endedAt);
  });
});

describe('a call that finds its slot free', () => {
  it('starts the instant it was queued, however the clock moves: it spent no time queued', async () => {
    const executor = new ToolExecutor({ clock: movingClock() });
    executor.register(addTool as Tool);
    const result = await executor.execute({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(result.status).toBe('success');
    expect(result.startedAt).toBe(result.queuedAt);
  });
});
