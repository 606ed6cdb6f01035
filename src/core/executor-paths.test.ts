import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { messageOf } from './errors.ts';
import { formatForModel, modelFacingPayload } from './format-for-model.ts';
import { harness, sleepyTool } from './executor-harness.test-support.ts';
import type { Tool, ValidationResult } from './tool.ts';
import { errorOf } from './results.ts';

// Issue 20: paths of a call that no test took (found by mutation testing), each with its exact outcome.

/** A tool whose validation answers only when the test says so (as a sandboxed schema answers later). */
function gatedValidation(name: string) {
  let answer: (result: ValidationResult) => void = () => undefined;
  let runs = 0;
  const tool: Tool = {
    name,
    description: 'validated elsewhere',
    parameters: { type: 'object' },
    validate: () => new Promise<ValidationResult>((resolve) => (answer = resolve)),
    execute: () => {
      runs++;
      return 'ran';
    },
  };
  return { tool, answer: (result: ValidationResult) => answer(result), runs: () => runs };
}

describe('call paths', () => {
  it('aborts a call that waits for a slot of its batch: it never starts, and the queue count goes back to 0', async () => {
    const { executor, clock, events } = harness({}, [sleepyTool('nap', 1_000)]);
    const controller = new AbortController();
    const batch = executor.executeBatch(
      [
        { id: 'first', name: 'nap', arguments: {} },
        { id: 'second', name: 'nap', arguments: {} },
      ],
      { concurrency: 1, signal: controller.signal },
    );
    await clock.advance(10);
    expect(executor.getMetrics().queued).toBe(1);
    controller.abort('user pressed stop');
    await clock.runUntilIdle();
    const [first, second] = await batch;
    expect(second?.status).toBe('error');
    expect(errorOf(second)?.kind).toBe('aborted');
    expect(errorOf(second)?.message).toBe('Call to tool "nap" was aborted while queued: user pressed stop');
    expect(second?.attempts).toBe(0);
    expect(errorOf(first)?.kind).toBe('aborted');
    expect(events.some((event) => event.type === 'tool-call-start' && event.toolCallId === 'second')).toBe(false);
    expect(executor.getMetrics().queued).toBe(0);
  });

  it('aborts during an async validation: the tool never runs and the message says when', async () => {
    const gated = gatedValidation('remote');
    const { executor, clock } = harness({}, [gated.tool]);
    const controller = new AbortController();
    const call = executor.execute({ id: 'c', name: 'remote', arguments: {} }, { signal: controller.signal });
    await clock.advance(50);
    controller.abort(new Error('stopped'));
    await clock.runUntilIdle();
    const result = await call;
    expect(result.status).toBe('error');
    expect(errorOf(result)?.kind).toBe('aborted');
    expect(errorOf(result)?.message).toBe('Call to tool "remote" was aborted while validating its arguments: stopped');
    expect(result.attempts).toBe(0);
    gated.answer({ success: true, data: {} });
    await clock.runUntilIdle();
    expect(gated.runs()).toBe(0);
  });

  it('reports a validator that throws as an execution error that says validation failed', async () => {
    const throwing: Tool = {
      name: 'odd',
      description: 'its validation throws',
      parameters: { type: 'object' },
      validate: () => {
        throw new RangeError('schema exploded');
      },
      execute: () => 'never',
    };
    const { executor } = harness({}, [throwing]);
    const result = await executor.execute({ name: 'odd', arguments: {} });
    expect(result.status).toBe('error');
    expect(errorOf(result)).toEqual({
      kind: 'execution_error',
      message: 'Validation of the arguments failed: schema exploded',
      retryable: false,
    });
    expect(result.attempts).toBe(0);
  });

  it('times a validation out at the deadline, and ignores its answer when it comes later', async () => {
    const gated = gatedValidation('remote');
    const { executor, clock } = harness({ timeoutMs: 300 }, [gated.tool]);
    const call = executor.execute({ name: 'remote', arguments: {} });
    await clock.advance(300);
    const result = await call;
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(errorOf(result)?.message).toBe('Tool "remote" timed out while validating its arguments after 300 ms');
    gated.answer({ success: true, data: {} });
    await clock.runUntilIdle();
    expect(gated.runs()).toBe(0);
  });

  it('turns a tool that throws null (or undefined) into an error the model can read', async () => {
    for (const thrown of [null, undefined, '']) {
      const tool = defineTool({
        name: 'nothing',
        description: 'throws nothing useful',
        schema: z.object({}),
        execute: () => {
          throw thrown;
        },
      });
      const { executor } = harness({}, [tool as Tool]);
      const result = await executor.execute({ name: 'nothing', arguments: {} });
      expect(result.status).toBe('error');
      expect(errorOf(result)?.kind).toBe('execution_error');
      const expected = thrown === '' ? 'Tool "nothing" threw an error without a message' : messageOf(thrown);
      expect(errorOf(result)?.message).toBe(expected);
      expect(JSON.parse(formatForModel(result))).toEqual({ error: expected });
    }
  });

  it('passes null argument values to validation, which reports them at their path', async () => {
    const tool = defineTool({
      name: 'weather',
      description: 'weather',
      schema: z.object({ city: z.string(), days: z.number().nullable() }),
      execute: (input) => input,
    });
    const { executor } = harness({}, [tool as Tool]);
    const nullable = await executor.execute({ name: 'weather', arguments: '{"city":"Oslo","days":null}' });
    expect(nullable.status).toBe('success');
    expect(modelFacingPayload(nullable)).toEqual({ city: 'Oslo', days: null });
    const wrong = await executor.execute({ name: 'weather', arguments: '{"city":null,"days":null}' });
    expect(errorOf(wrong)?.kind).toBe('invalid_arguments');
    expect(errorOf(wrong)?.issues?.map((issue) => issue.path)).toEqual(['city']);
  });
});
