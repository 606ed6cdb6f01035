import { describe, expect, it } from 'vitest';
import { formatForModel } from './format-for-model.ts';
import { thrownError, errorOf } from './results.ts';
import { ToolExecutor } from './executor.ts';
import type { Tool } from './types.ts';

/** What a runtime that knows the tool's source throws (the sandbox's LocatedError has this shape). */
const located = (message: string, line: number, column: number) => Object.assign(new Error(message), { sourceLocation: { line, column } });

describe('thrownError', () => {
  it('keeps where in the tool source an error came from beside the message, not in it (issue 14)', () => {
    expect(thrownError('broken', located("TypeError: Cannot read properties of undefined (reading 'x')", 11, 47))).toEqual({
      kind: 'execution_error',
      message: "TypeError: Cannot read properties of undefined (reading 'x')",
      retryable: false,
      location: { line: 11, column: 47 },
    });
  });

  it('ignores a sourceLocation that is not a place', () => {
    for (const sourceLocation of [null, 'line 3', { line: 0, column: 1 }, { line: 2 }])
      expect(thrownError('t', Object.assign(new Error('boom'), { sourceLocation }))).not.toHaveProperty('location');
  });

  it('the text the model reads has no editor position, the result keeps it', async () => {
    const tool: Tool = {
      name: 'broken',
      description: 'throws',
      parameters: { type: 'object' },
      validate: (args) => ({ success: true, data: args }),
      execute: () => {
        throw located('ReferenceError: total is not defined', 3, 10);
      },
    };
    const executor = new ToolExecutor();
    executor.register(tool);
    const result = await executor.execute({ name: 'broken', arguments: {} });
    expect(errorOf(result)?.location).toEqual({ line: 3, column: 10 });
    expect(formatForModel(result)).toBe('{"error":"ReferenceError: total is not defined"}');
  });
});
