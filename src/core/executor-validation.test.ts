import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { harness } from './executor-harness.test-support.ts';
import { errorOf } from './results.ts';
import type { Tool, ValidationResult } from './tool.ts';

// A tool's arguments are checked before it runs: by zod at once (defineTool), by a zod schema with an
// asynchronous refinement later, or by a runtime elsewhere (a sandbox worker). Each way ends its call.

/** A tool whose code must exist with the server: the refinement asks it, which takes `ms`. */
function codeTool(ms: number) {
  let runs = 0;
  const { clock, executor } = harness({ timeoutMs: 500 });
  const tool = defineTool({
    name: 'redeem',
    description: 'Redeems a code',
    schema: z.object({ code: z.string().refine(async (code) => (await clock.sleep(ms), code === 'ok'), 'No such code') }),
    execute: ({ code }) => (runs++, `redeemed ${code}`),
  });
  executor.register(tool as Tool);
  return { clock, executor, runs: () => runs };
}

describe('a schema with an asynchronous refinement', () => {
  it('runs the tool once the refinement passes, with the parsed arguments', async () => {
    const { clock, executor, runs } = codeTool(100);
    const result = await clock.run(executor.execute({ name: 'redeem', arguments: { code: 'ok' } }));
    expect(result).toMatchObject({ status: 'success', result: 'redeemed ok', attempts: 1, startedAt: 0, endedAt: 100 });
    expect(runs()).toBe(1);
  });

  it("refuses arguments the refinement rejects, with the refinement's message, and never runs the tool", async () => {
    const { clock, executor, runs } = codeTool(100);
    const result = await clock.run(executor.execute({ name: 'redeem', arguments: { code: 'nope' } }));
    expect(result).toMatchObject({ status: 'error', attempts: 0, details: [{ path: 'code', message: 'No such code' }] });
    expect(errorOf(result)?.kind).toBe('invalid_arguments');
    expect(runs()).toBe(0);
  });

  it("that takes longer than the tool's limit times out while validating", async () => {
    const { clock, executor, runs } = codeTool(2_000);
    const result = await clock.run(executor.execute({ name: 'redeem', arguments: { code: 'ok' } }));
    expect(errorOf(result)?.message).toBe('Tool "redeem" timed out while validating its arguments after 500 ms');
    expect(result.endedAt).toBe(500);
    expect(runs()).toBe(0);
  });
});

describe('a validation that fails by itself', () => {
  it('a refinement that throws ends the call as a failed validation, naming the error', async () => {
    const { clock, executor } = harness({}, [
      defineTool({
        name: 'strict',
        description: '',
        schema: z.object({
          code: z.string().refine(() => {
            throw new Error('bug in the refinement');
          }),
        }),
        execute: () => 'ran',
      }) as Tool,
    ]);
    const result = await clock.run(executor.execute({ name: 'strict', arguments: { code: 'x' } }));
    expect(result).toMatchObject({ status: 'error', attempts: 0 });
    expect(errorOf(result)).toMatchObject({
      kind: 'execution_error',
      message: 'Validation of the arguments failed: bug in the refinement',
    });
  });

  it('a runtime whose validation answers nothing (a bug) ends the call with an internal error and frees its slot', async () => {
    for (const answer of ['at once', 'later'] as const) {
      const nothing = undefined as unknown as ValidationResult;
      const broken: Tool = {
        name: 'broken',
        description: 'validated elsewhere',
        parameters: { type: 'object' },
        validate: () => (answer === 'at once' ? nothing : Promise.resolve(nothing)),
        execute: () => 'ran',
      };
      const { clock, executor } = harness({ concurrency: 1 }, [broken]);
      const result = await clock.run(executor.execute({ name: 'broken', arguments: {} }));
      expect(result.status).toBe('error');
      expect(errorOf(result)).toMatchObject({ kind: 'execution_error', retryable: false });
      expect(errorOf(result)?.message).toMatch(/^Internal executor error: /);
      expect(executor.getMetrics()).toMatchObject({ concurrency: 0, queued: 0 });
    }
  });
});
