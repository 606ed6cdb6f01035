import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { ToolExecutor } from './executor.ts';
import type { ToolContext } from './tool-context.ts';
import { errorOf } from './results.ts';

// Issue 15: reading `signal` of a new AbortController costs more on Node than the rest of a call, so
// the executor makes one only for a tool that reads its signal (or a validation that may use it).

afterEach(() => vi.restoreAllMocks());

function countSignalReads(): { reads: number } {
  const counter = { reads: 0 };
  const descriptor = Object.getOwnPropertyDescriptor(AbortController.prototype, 'signal') as PropertyDescriptor;
  vi.spyOn(AbortController.prototype, 'signal', 'get').mockImplementation(function (this: AbortController) {
    counter.reads++;
    return descriptor.get?.call(this) as AbortSignal;
  });
  return counter;
}

describe('the signal of an attempt', () => {
  it('is not made for a tool that never reads it', async () => {
    const executor = new ToolExecutor();
    executor.register(defineTool({ name: 'add', description: 'Adds', schema: z.object({ a: z.number() }), execute: ({ a }) => a + 1 }));
    await executor.execute({ name: 'add', arguments: { a: 1 } });
    const counter = countSignalReads();
    const result = await executor.execute({ name: 'add', arguments: { a: 1 } });
    expect(result).toMatchObject({ status: 'success', result: 2 });
    expect(counter.reads).toBe(0);
  });

  it('is made on first read, aborts at the deadline, and travels in a spread that copies it', async () => {
    const executor = new ToolExecutor({ timeoutMs: 20 });
    let seen: AbortSignal | undefined;
    executor.register(
      defineTool({
        name: 'wait',
        description: 'Waits for its signal',
        schema: z.object({}),
        execute: (_input, ctx: ToolContext) => {
          const copy = { ...ctx, signal: ctx.signal };
          seen = copy.signal;
          return new Promise((_resolve, reject) => copy.signal.addEventListener('abort', () => reject(copy.signal.reason)));
        },
      }),
    );
    const result = await executor.execute({ name: 'wait', arguments: {} });
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(seen?.aborted).toBe(true);
    expect(String((seen?.reason as Error).message)).toContain('timed out after 20 ms');
  });
});
