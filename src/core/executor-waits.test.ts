import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { harness } from './executor-harness.test-support.ts';
import type { ExecutorEvent } from './event-types.ts';
import { TransientError } from './errors.ts';
import { errorOf } from './results.ts';
import type { Tool } from './tool.ts';
import type { ToolContext } from './tool-context.ts';

type Script = (ctx: ToolContext) => unknown;

function tool(script: Script, options: { timeoutMs?: number; idempotent?: boolean; timeoutStrategy?: 'race' } = {}): Tool {
  return defineTool({
    name: 'asks',
    description: '',
    schema: z.object({}),
    timeoutMs: 1000,
    ...options,
    execute: (_input, ctx) => script(ctx),
  }) as Tool;
}

/** The waits' events as [type, time, wait, on, waitingOn, deadline]. */
function waitEvents(events: ExecutorEvent[]) {
  return events.flatMap((event) =>
    event.type === 'attempt-wait-start' || event.type === 'attempt-wait-end'
      ? [[event.type, event.time, event.attempt, event.wait, event.on, event.waitingOn, event.deadline]]
      : [],
  );
}

async function run(script: Script, options?: Parameters<typeof tool>[1], signal?: AbortSignal) {
  const { clock, executor, events } = harness({}, [tool(script, options)]);
  const result = await clock.run(executor.execute({ id: 'c', name: 'asks', arguments: {} }, signal ? { signal } : {}));
  return { result, events, clock };
}

describe('waiting on the person pauses the deadline', () => {
  it('time spent waiting on the person does not count: 2 s at a form under a 1 s limit still succeeds', async () => {
    const { result, events } = await run(async (ctx) => {
      await ctx.sleep(300);
      const end = ctx.wait?.('user', { message: 'Fill in the form' });
      await ctx.delay?.(2000);
      end?.({ message: 'You answered.' });
      await ctx.sleep(500);
      return 'done';
    });
    expect(result.status).toBe('success');
    expect(result.endedAt).toBe(2800);
    expect(waitEvents(events)).toEqual([
      ['attempt-wait-start', 300, 1, 1, 'user', ['user'], 1000],
      ['attempt-wait-end', 2300, 1, 1, 'user', [], 3000],
    ]);
    expect(result.attemptsDetail[0]?.deadline).toBe(3000);
    const start = events.find((event) => event.type === 'attempt-wait-start');
    const end = events.find((event) => event.type === 'attempt-wait-end');
    expect(start).toMatchObject({ message: 'Fill in the form' });
    expect(end).toMatchObject({ message: 'You answered.' });
  });

  it('runs on with the time it had left: 700 ms after the form, the attempt times out', async () => {
    const { result } = await run(async (ctx) => {
      await ctx.sleep(300);
      const end = ctx.wait?.('user');
      await ctx.delay?.(2000);
      end?.();
      await ctx.delay?.(5000);
    });
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(result.endedAt).toBe(3000);
  });

  it('two forms one after the other: each holds the deadline, and the attempt times out once its own 1 s is used', async () => {
    // Own time: 300 + 300 before the forms' ends, then 400 more: due at 300 + 2000 + 300 + 2000 + 400.
    const { result } = await run(async (ctx) => {
      await ctx.sleep(300);
      const first = ctx.wait?.('user');
      await ctx.delay?.(2000);
      first?.();
      await ctx.sleep(300);
      const second = ctx.wait?.('user');
      await ctx.delay?.(2000);
      second?.();
      await ctx.delay?.(5000);
    });
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(result.endedAt).toBe(5000);
  });

  it('a wait begun before the tool first awaits holds the deadline from the start', async () => {
    const { result, events } = await run((ctx) => {
      const end = ctx.wait?.('user');
      return (ctx.delay?.(1500) ?? Promise.resolve()).then(() => (end?.(), ctx.sleep(900)));
    });
    expect(result.status).toBe('success');
    expect(result.endedAt).toBe(2400);
    expect(waitEvents(events)).toEqual([
      ['attempt-wait-start', 0, 1, 1, 'user', ['user'], 1000],
      ['attempt-wait-end', 1500, 1, 1, 'user', [], 2500],
    ]);
  });

  it('overlapping waits on the person pause once, from the first start to the last end', async () => {
    const { result, events } = await run(async (ctx) => {
      const first = ctx.wait?.('user');
      await ctx.delay?.(400);
      const second = ctx.wait?.('user');
      await ctx.delay?.(400);
      first?.();
      await ctx.delay?.(400);
      second?.();
      await ctx.sleep(900);
    });
    expect(result.status).toBe('success');
    expect(waitEvents(events)).toEqual([
      ['attempt-wait-start', 0, 1, 1, 'user', ['user'], 1000],
      ['attempt-wait-start', 400, 1, 2, 'user', ['user'], 1000],
      ['attempt-wait-end', 800, 1, 1, 'user', ['user'], 1000],
      ['attempt-wait-end', 1200, 1, 2, 'user', [], 2200],
    ]);
  });

  it('a wait that ends as it begins moves nothing', async () => {
    const { result, events } = await run(async (ctx) => {
      await ctx.sleep(100);
      ctx.wait?.('user')();
      await ctx.delay?.(2000);
    });
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(result.endedAt).toBe(1000);
    expect(waitEvents(events).at(-1)).toEqual(['attempt-wait-end', 100, 1, 1, 'user', [], 1000]);
  });
});

describe('a Stop during a wait', () => {
  it('ends the call at once, closes the wait first and leaves no timer behind', async () => {
    const { clock, executor, events } = harness({}, [
      tool(async (ctx) => {
        await ctx.sleep(200);
        ctx.wait?.('user');
        await ctx.delay?.(60_000);
      }),
    ]);
    const controller = new AbortController();
    const call = executor.execute({ id: 'c', name: 'asks', arguments: {} }, { signal: controller.signal });
    await clock.advance(5000);
    controller.abort(new Error('Stop'));
    const result = await call;
    expect(errorOf(result)?.kind).toBe('aborted');
    expect(result.endedAt).toBe(5000);
    const kinds = events.map((event) => event.type).filter((type) => type.startsWith('attempt-'));
    expect(kinds).toEqual(['attempt-start', 'attempt-wait-start', 'attempt-wait-end', 'attempt-end']);
    expect(waitEvents(events).at(-1)).toEqual(['attempt-wait-end', 5000, 1, 1, 'user', [], 5800]);
    expect(result.attemptsDetail[0]?.deadline).toBe(5800);
    // The paused deadline never starts again once the race is decided.
    await clock.advance(60_000);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('waits that do not pause the deadline', () => {
  it('a model answering for the tool counts against its limit, and its wait ends with the attempt', async () => {
    const { result, events } = await run(async (ctx) => {
      const end = ctx.wait?.('model', { model: 'mock' });
      await ctx.delay?.(2000);
      end?.({ model: 'mock', usage: { inputTokens: 12, outputTokens: 30 } });
    });
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(result.endedAt).toBe(1000);
    expect(waitEvents(events)).toEqual([
      ['attempt-wait-start', 0, 1, 1, 'model', ['model'], 1000],
      ['attempt-wait-end', 1000, 1, 1, 'model', [], 1000],
    ]);
    expect(events.find((event) => event.type === 'attempt-wait-start')).toMatchObject({ model: 'mock' });
    // Its late end (after the attempt) is not reported.
    expect(events.filter((event) => event.type === 'attempt-wait-end')).toHaveLength(1);
  });

  it('the model answer carries its model and tokens; a connection wait is a phase of its own', async () => {
    const { result, events } = await run(async (ctx) => {
      const connecting = ctx.wait?.('connection');
      await ctx.sleep(100);
      connecting?.();
      const asking = ctx.wait?.('model', { message: 'asked' });
      await ctx.sleep(100);
      asking?.({ model: 'gpt', usage: { inputTokens: 3, outputTokens: 4 } });
      asking?.({ model: 'twice' });
      return 'ok';
    });
    expect(result.status).toBe('success');
    expect(waitEvents(events)).toEqual([
      ['attempt-wait-start', 0, 1, 1, 'connection', ['connection'], 1000],
      ['attempt-wait-end', 100, 1, 1, 'connection', [], 1000],
      ['attempt-wait-start', 100, 1, 2, 'model', ['model'], 1000],
      ['attempt-wait-end', 200, 1, 2, 'model', [], 1000],
    ]);
    const ended = events.filter((event) => event.type === 'attempt-wait-end');
    expect(ended[0]).not.toHaveProperty('model');
    expect(ended[0]).not.toHaveProperty('usage');
    expect(ended[0]).not.toHaveProperty('message');
    expect(ended[1]).toMatchObject({ model: 'gpt', usage: { inputTokens: 3, outputTokens: 4 } });
  });

  it('what the call waits on lists the person first, then a connection, then a model', async () => {
    const { events } = await run(async (ctx) => {
      const model = ctx.wait?.('model');
      const connection = ctx.wait?.('connection');
      const user = ctx.wait?.('user');
      user?.();
      connection?.();
      model?.();
      return 'ok';
    });
    expect(waitEvents(events).map((event) => event[5])).toEqual([
      ['model'],
      ['connection', 'model'],
      ['user', 'connection', 'model'],
      ['connection', 'model'],
      ['model'],
      [],
    ]);
  });
});

describe('waits and the attempts of a call', () => {
  it('a synchronous tool may wait and end at once: both events, no time passed', async () => {
    const { result, events } = await run((ctx) => {
      ctx.wait?.('user')();
      return 'at once';
    });
    expect(result.status).toBe('success');
    expect(waitEvents(events)).toEqual([
      ['attempt-wait-start', 0, 1, 1, 'user', ['user'], 1000],
      ['attempt-wait-end', 0, 1, 1, 'user', [], 1000],
    ]);
  });

  it('work that lingers past its attempt waits on nobody: no events, and the pause holds no deadline', async () => {
    const { events, clock } = await run(
      async (ctx) => {
        await ctx.delay?.(1500);
        const end = ctx.wait?.('user');
        end?.();
      },
      { timeoutStrategy: 'race' },
    );
    await clock.advance(2000);
    expect(waitEvents(events)).toEqual([]);
  });

  it('each attempt numbers its waits from 1 and keeps its own deadline', async () => {
    let attempts = 0;
    const { result, events } = await run(
      async (ctx) => {
        attempts++;
        const end = ctx.wait?.('user');
        await ctx.delay?.(500);
        end?.();
        if (attempts === 1) throw new TransientError('The connection was reset');
        return 'second time';
      },
      { idempotent: true },
    );
    expect(result.status).toBe('success');
    const starts = events.flatMap((event) => (event.type === 'attempt-wait-start' ? [[event.attempt, event.wait]] : []));
    expect(starts).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const [first, second] = result.attemptsDetail;
    expect(first && first.deadline - first.startedAt).toBe(1500);
    expect(second && second.deadline - second.startedAt).toBe(1500);
  });

  it('a call without a limit waits as long as it likes', async () => {
    const { result, events } = await run(
      async (ctx) => {
        const end = ctx.wait?.('user');
        await ctx.delay?.(100_000);
        end?.();
        return 'ok';
      },
      { timeoutMs: Number.POSITIVE_INFINITY },
    );
    expect(result.status).toBe('success');
    expect(waitEvents(events).map((event) => event[6])).toEqual([Infinity, Infinity]);
  });
});
