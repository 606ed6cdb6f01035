import { describe, expect, it } from 'vitest';
import { modelFacingPayload } from './format-for-model.ts';
import { addTool, harness, sleepyTool } from './executor-harness.test-support.ts';
import type { Tool, ValidationResult } from './tool.ts';
import type { ToolCall } from './tool-call.ts';

// Issue 20: what a call's result and events hold at their edges (found by mutation testing of call-run.ts):
// malformed calls, tools with hostile getters, absent optional fields, signals handed to validators, and
// a slot granted in the same tick its caller aborted.

function remoteTool(name: string, validate: Tool['validate'], extra: Partial<Tool> = {}): Tool {
  return { name, description: 'validated elsewhere', parameters: { type: 'object' }, validate, execute: () => 'ran', ...extra };
}

describe('malformed calls end as results', () => {
  it('names the tool of a malformed call as best it can: "" for none, text for a number', async () => {
    const { executor } = harness({}, [addTool as Tool]);
    const throwingName = {
      get name(): string {
        throw new Error('no name');
      },
      arguments: {},
    };
    const calls: unknown[] = [null, { arguments: {} }, { name: 42, arguments: {} }, throwingName];
    const names = [];
    for (const call of calls) {
      const result = await executor.execute(call as ToolCall);
      expect(result).toMatchObject({ status: 'error', error: { kind: 'unknown_tool' } });
      names.push(result.name);
    }
    expect(names).toEqual(['', '', '42', '']);
  });

  it('lists the available tools in name order when the name is unknown', async () => {
    const { executor } = harness({}, [sleepyTool('zeta', 1), addTool as Tool, sleepyTool('mid', 1)]);
    const result = await executor.execute({ name: 'nope', arguments: {} });
    expect(result).toMatchObject({ error: { message: 'Unknown tool "nope". Available tools: add, mid, zeta.' } });
    expect(modelFacingPayload(result)).toEqual({
      error: 'Unknown tool "nope". Available tools: add, mid, zeta.',
      details: { availableTools: ['add', 'mid', 'zeta'] },
    });
  });

  it('turns arguments that throw when read into an internal error, without rejecting', async () => {
    const { executor } = harness({}, [addTool as Tool]);
    const call = {
      name: 'add',
      get arguments(): unknown {
        throw new Error('arguments unreadable');
      },
    };
    const result = await executor.execute(call as ToolCall);
    expect(result).toMatchObject({
      status: 'error',
      attempts: 0,
      error: { kind: 'execution_error', message: 'Internal executor error: arguments unreadable', retryable: false },
    });
  });

  it('turns a tool whose timeout cannot be read into an internal error, and gives its slot back', async () => {
    const hostile = remoteTool('hostile', () => ({ success: true, data: {} }));
    Object.defineProperty(hostile, 'timeoutMs', {
      get() {
        throw new Error('timeout unreadable');
      },
    });
    const { executor, clock } = harness({ concurrency: 1 }, [hostile, addTool as Tool]);
    const result = await clock.run(executor.execute({ name: 'hostile', arguments: {} }));
    expect(result).toMatchObject({
      status: 'error',
      error: { kind: 'execution_error', message: 'Internal executor error: timeout unreadable', retryable: false },
    });
    expect(executor.getMetrics()).toMatchObject({ concurrency: 0, queued: 0 });
    expect(await clock.run(executor.execute({ name: 'add', arguments: { a: 1, b: 2 } }))).toMatchObject({ status: 'success', result: 3 });
  });
});

describe('optional fields are absent, not undefined', () => {
  it('leaves version out of the events of an unversioned tool, and batchId out of a single call', async () => {
    const { executor, clock, events } = harness({}, [addTool as Tool]);
    const single = await clock.run(executor.execute({ name: 'add', arguments: { a: 1, b: 2 } }));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(Object.keys(event)).not.toContain('version');
      expect(Object.keys(event)).not.toContain('batchId');
    }
    expect(Object.keys(single)).not.toContain('batchId');
    expect(Object.keys(single)).not.toContain('version');
    expect(single.logs).toEqual([]);
    const [inBatch] = await clock.run(executor.executeBatch([{ name: 'add', arguments: { a: 1, b: 2 } }]));
    expect(inBatch?.batchId).toMatch(/^batch/);
    expect(events.at(-1)).toMatchObject({ type: 'tool-call-end', batchId: inBatch?.batchId });
  });
});

describe('start order', () => {
  it('starts a call whose slots are free in the tick it was queued, before the next call of the batch is queued', async () => {
    const limits = [
      { executor: {}, batch: {} },
      { executor: { concurrency: 5 }, batch: {} },
      { executor: {}, batch: { concurrency: 5 } },
      { executor: { concurrency: 5 }, batch: { concurrency: 5 } },
    ];
    for (const limit of limits) {
      const { executor, clock, events } = harness(limit.executor, [sleepyTool('nap', 10)]);
      const calls = ['a', 'b', 'c'].map((id) => ({ id, name: 'nap', arguments: {} }));
      await clock.run(executor.executeBatch(calls, limit.batch));
      const order = events.filter((event) => event.type === 'tool-call-queued' || event.type === 'tool-call-start');
      expect(order.map((event) => `${event.type.replace('tool-call-', '')} ${event.toolCallId}`)).toEqual([
        'queued a',
        'start a',
        'queued b',
        'start b',
        'queued c',
        'start c',
      ]);
    }
  });
});

describe('signals handed to validators', () => {
  it('aborts the signal of a validation that runs past its deadline with a timeout that names the tool', async () => {
    let seen: AbortSignal | undefined;
    const slow = remoteTool('remote', (_args, signal) => {
      seen = signal;
      return new Promise<ValidationResult>(() => {});
    });
    const { executor, clock } = harness({ timeoutMs: 200 }, [slow]);
    const result = await clock.run(executor.execute({ name: 'remote', arguments: {} }));
    expect(result).toMatchObject({ error: { kind: 'timeout' } });
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(DOMException);
    expect(seen?.reason).toMatchObject({ name: 'TimeoutError', message: 'Validation of the arguments of "remote" timed out' });
  });

  it('still hands a live signal to a validator that declares it ignores it', async () => {
    const signals: unknown[] = [];
    const tool = remoteTool(
      'plain',
      (_args, signal) => {
        signals.push(signal);
        return { success: true, data: { seen: signal.aborted } };
      },
      { validationIgnoresSignal: true, execute: (input: unknown) => input },
    );
    const { executor, clock } = harness({}, [tool]);
    const first = await clock.run(executor.execute({ name: 'plain', arguments: {} }));
    await clock.run(executor.execute({ name: 'plain', arguments: {} }));
    expect(first).toMatchObject({ status: 'success', result: { seen: false } });
    expect(signals).toHaveLength(2);
    for (const signal of signals) expect(signal).toBeInstanceOf(AbortSignal);
  });
});

describe('a slot granted in the tick its caller aborts', () => {
  it('is given back: the call ends as aborted while queued and never starts', async () => {
    const { executor, clock, events } = harness({ concurrency: 1 }, [sleepyTool('nap', 100), addTool as Tool]);
    const controller = new AbortController();
    // The first call's end is reported right after its slot went to the waiting call, in the same tick.
    executor.on((event) => {
      if (event.type === 'tool-call-end' && event.toolCallId === 'first') controller.abort('stop');
    });
    const first = executor.execute({ id: 'first', name: 'nap', arguments: {} });
    const second = executor.execute({ id: 'second', name: 'nap', arguments: {} }, { signal: controller.signal });
    await clock.advance(100);
    expect(await first).toMatchObject({ status: 'success' });
    expect(await second).toMatchObject({
      status: 'error',
      attempts: 0,
      error: { kind: 'aborted', message: 'Call to tool "nap" was aborted while queued: stop' },
    });
    expect(events.some((event) => event.type === 'tool-call-start' && event.toolCallId === 'second')).toBe(false);
    expect(executor.getMetrics()).toMatchObject({ concurrency: 0, queued: 0 });
    let third: unknown;
    void executor.execute({ name: 'add', arguments: { a: 2, b: 2 } }).then((result) => (third = result));
    await clock.runUntilIdle();
    expect(third).toMatchObject({ status: 'success', result: 4 });
  });
});
