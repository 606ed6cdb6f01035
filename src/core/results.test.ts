import { describe, expect, it } from 'vitest';
import { formatForModel } from './format-for-model.ts';
import { abortedError, errorOf, modelFacingError, sourceLocationOf, thrownError, unavailableError, unknownToolError } from './results.ts';
import { ToolExecutor } from './executor.ts';
import type { Tool } from './tool.ts';

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

describe('failure messages at their edges (issue 20, found by mutation testing)', () => {
  it('says when no tool is available, and leaves out a reason or cause that is absent', () => {
    expect(unknownToolError('x', []).message).toBe('Unknown tool "x". No tools are available.');
    expect(unknownToolError('x', ['a']).message).toBe('Unknown tool "x". Available tools: a.');
    expect(abortedError('x', undefined, ' while queued').message).toBe('Call to tool "x" was aborted while queued');
    expect(abortedError('x', 'stop').message).toBe('Call to tool "x" was aborted: stop');
    expect(unavailableError('x').message).toBe('Tool "x" is unavailable');
    expect(unavailableError('x', 'down').message).toBe('Tool "x" is unavailable: down');
    expect(modelFacingError(unavailableError('x'))).toEqual({ error: 'Tool "x" is unavailable' });
    expect(Object.keys(modelFacingError(unavailableError('x')))).toEqual(['error']);
  });

  it('keeps a source location from line 1, column 1 on, and nothing before', () => {
    expect(sourceLocationOf({ sourceLocation: { line: 1, column: 1 } })).toEqual({ line: 1, column: 1 });
    expect(sourceLocationOf({ sourceLocation: { line: 0, column: 1 } })).toBeUndefined();
    expect(sourceLocationOf({ sourceLocation: { line: 1, column: 0 } })).toBeUndefined();
    expect(sourceLocationOf({ sourceLocation: { line: 2, column: '3' } })).toBeUndefined();
    expect(sourceLocationOf(null)).toBeUndefined();
  });

  it('reads no error from a missing result', () => {
    expect(errorOf(undefined)).toBeUndefined();
  });
});
