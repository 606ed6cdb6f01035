import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { DuplicateToolError, InvalidArgumentsError } from './errors.ts';
import { ToolExecutor } from './executor.ts';
import { formatForModel, modelFacingPayload } from './format-for-model.ts';
import { addTool, harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import { errorOf } from './results.ts';
import { defaultTimeoutMs } from './timeout-strategy.ts';

describe('registration and definitions', () => {
  it('throws DuplicateToolError on a name registered twice, and unregisters', () => {
    const executor = new ToolExecutor();
    executor.register(addTool);
    expect(() => executor.register(addTool)).toThrow(DuplicateToolError);
    expect(executor.getDefinitions()).toEqual([{ name: 'add', description: 'Adds two numbers', parameters: addTool.parameters }]);
    expect(executor.unregister('add')).toBe(true);
    expect(executor.unregister('add')).toBe(false);
    expect(executor.getDefinitions()).toEqual([]);
  });

  it('refuses a concurrency below 1', () => {
    expect(() => new ToolExecutor({ concurrency: 0 })).toThrow(RangeError);
  });
});

describe('rule 1: unknown tools', () => {
  it('returns unknown_tool listing the available tools', async () => {
    const { executor } = harness({}, [addTool]);
    const result = await executor.execute({ id: 'c1', name: 'multiply', arguments: '{}' });
    expect(result).toMatchObject({
      toolCallId: 'c1',
      status: 'error',
      attempts: 0,
      error: { kind: 'unknown_tool', message: 'Unknown tool "multiply". Available tools: add.', retryable: false },
      details: { availableTools: ['add'] },
    });
    expect(modelFacingPayload(result)).toEqual({
      error: 'Unknown tool "multiply". Available tools: add.',
      details: { availableTools: ['add'] },
    });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('treats %s as an unknown tool, not a crash', async (name) => {
    const { executor } = harness({}, [addTool]);
    const result = await executor.execute({ name, arguments: {} });
    expect(errorOf(result)?.kind).toBe('unknown_tool');
  });

  it('survives malformed calls', async () => {
    const { executor } = harness({}, [addTool]);
    const result = await executor.execute(null as never);
    expect(errorOf(result)?.kind).toBe('unknown_tool');
    expect(await executor.executeBatch(undefined as never)).toEqual([]);
    const hostile = {
      get name(): string {
        throw new Error('getter');
      },
      get arguments(): unknown {
        throw new Error('getter');
      },
    };
    const results = await executor.executeBatch([hostile as never, { name: 'add', arguments: { a: 1, b: 1 } }], null as never);
    expect(results.map((result) => result.status)).toEqual(['error', 'success']);
    expect(modelFacingPayload(await executor.execute({ name: 'add', arguments: { a: 1, b: 1 } }, null as never))).toBe(2);
  });
});

describe('rule 2: arguments', () => {
  it('parses JSON text and validates it; the tool receives parsed data', async () => {
    const { executor } = harness({}, [addTool]);
    expect(modelFacingPayload(await executor.execute({ name: 'add', arguments: '{"a":2,"b":3}' }))).toBe(5);
    expect(modelFacingPayload(await executor.execute({ name: 'add', arguments: { a: 2, b: 3 } }))).toBe(5);
  });

  it('an empty string means {}', async () => {
    const ping = defineTool({ name: 'ping', description: '', schema: z.object({}), execute: () => 'pong' });
    const { executor } = harness({}, [ping as Tool]);
    expect(modelFacingPayload(await executor.execute({ name: 'ping', arguments: '' }))).toBe('pong');
  });

  it('reports invalid_arguments with issue paths and does not run the tool', async () => {
    let ran = false;
    const tool = defineTool({
      name: 'book',
      description: '',
      schema: z.object({ trip: z.object({ legs: z.array(z.object({ from: z.string() })) }) }),
      execute: () => {
        ran = true;
      },
    });
    const { executor } = harness({}, [tool as Tool]);
    const result = await executor.execute({ name: 'book', arguments: '{"trip":{"legs":[{"from":1}]}}' });
    expect(ran).toBe(false);
    expect(result.attempts).toBe(0);
    expect(errorOf(result)).toMatchObject({
      kind: 'invalid_arguments',
      retryable: false,
      issues: [{ path: 'trip.legs.0.from', message: expect.any(String) }],
    });
    expect(errorOf(result)?.message).toMatch(/^Invalid arguments for tool "book": trip\.legs\.0\.from: /);
    expect(modelFacingPayload(result)).toEqual({ error: errorOf(result)?.message, details: errorOf(result)?.issues });
  });

  it('shows the root as (root) in messages', async () => {
    const { executor } = harness({}, [addTool]);
    const result = await executor.execute({ name: 'add', arguments: '[1,2]' });
    expect(errorOf(result)?.issues?.[0]?.path).toBe('');
    expect(errorOf(result)?.message).toContain('(root): ');
  });

  it('rejects oversize, too deep, malformed and polluting arguments with clear messages', async () => {
    const { executor } = harness({ maxArgumentsLength: 50, maxArgumentsDepth: 4 }, [addTool]);
    const cases: [string, RegExp][] = [
      [JSON.stringify({ a: 1, b: 2, padding: 'x'.repeat(60) }), /too large: \d+ characters, the limit is 50/],
      ['{"a":{"b":{"c":{"d":{"e":1}}}}}', /nested too deeply: more than 4 levels/],
      ['{"a":1,', /not valid JSON/],
      ['{"__proto__":{"polluted":1},"a":1,"b":2}', /__proto__: Forbidden key "__proto__"/],
    ];
    for (const [text, message] of cases) {
      const result = await executor.execute({ name: 'add', arguments: text });
      expect(errorOf(result)?.kind).toBe('invalid_arguments');
      expect(errorOf(result)?.message).toMatch(message);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('maps an InvalidArgumentsError thrown by the tool to invalid_arguments, counted as an attempt', async () => {
    const tool = defineTool({
      name: 'divide',
      description: '',
      schema: z.object({ a: z.number(), b: z.number() }),
      idempotent: true,
      execute: ({ a, b }) => {
        if (b === 0) throw new InvalidArgumentsError('division by zero', [{ path: 'b', message: 'must not be 0' }]);
        return a / b;
      },
    });
    const { executor } = harness({}, [tool as Tool]);
    const result = await executor.execute({ name: 'divide', arguments: { a: 1, b: 0 } });
    expect(result).toMatchObject({ attempts: 1, error: { kind: 'invalid_arguments', issues: [{ path: 'b', message: 'must not be 0' }] } });
  });
});

describe('rule 3: thrown errors', () => {
  const thrower = (name: string, fail: () => unknown): Tool =>
    defineTool({ name, description: '', schema: z.object({}), execute: fail as () => never }) as Tool;

  it.each([
    [
      'an Error',
      () => {
        throw new Error('disk full');
      },
      'disk full',
    ],
    ['a rejected promise', () => Promise.reject(new Error('network down')), 'network down'],
    [
      'a string',
      () => {
        throw 'plain string';
      },
      'plain string',
    ],
    [
      'an object',
      () => {
        throw { code: 42 };
      },
      '{"code":42}',
    ],
    [
      'undefined',
      () => {
        throw undefined;
      },
      'undefined',
    ],
    [
      'an empty Error',
      () => {
        throw new Error('');
      },
      'Error',
    ],
  ])('maps %s to execution_error with its message', async (_label, fail, message) => {
    const { executor } = harness({}, [thrower('fails', fail)]);
    const result = await executor.execute({ name: 'fails', arguments: {} });
    expect(result).toMatchObject({
      status: 'error',
      attempts: 1,
      error: { kind: 'execution_error', message, retryable: false },
    });
    expect(modelFacingPayload(result)).toEqual({ error: message });
  });

  it('one failing call does not affect the others in a batch', async () => {
    const { executor } = harness({}, [
      addTool,
      thrower('fails', () => {
        throw new Error('boom');
      }),
    ]);
    const results = await executor.executeBatch([
      { name: 'add', arguments: { a: 1, b: 1 } },
      { name: 'fails', arguments: {} },
      { name: 'add', arguments: { a: 2, b: 2 } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['success', 'error', 'success']);
    expect(results.map((result) => modelFacingPayload(result))).toEqual([2, { error: 'boom' }, 4]);
  });
});

describe('results', () => {
  it('carry ids (given, generated, de-duplicated), version, logs and timing', async () => {
    const tool = defineTool({
      name: 'report',
      description: '',
      schema: z.object({}),
      version: '2.0.0',
      execute: async (_input, ctx) => {
        ctx.log('fetching', { page: 1 });
        await ctx.sleep(250);
        ctx.log('done');
        return { ok: true, user: ctx.userId, region: ctx.env.REGION };
      },
    });
    const { clock, executor } = harness({ userId: 'u-7', env: { REGION: 'eu' } }, [tool as Tool]);
    const batch = executor.executeBatch([
      { id: 'same', name: 'report', arguments: '' },
      { id: 'same', name: 'report', arguments: '' },
      { name: 'report', arguments: '' },
    ]);
    const results = await clock.run(batch);
    expect(results.map((result) => result.toolCallId).slice(0, 2)).toEqual(['same', 'same#2']);
    expect(results[2]?.toolCallId).toMatch(/^call_/);
    expect(new Set(results.map((result) => result.batchId)).size).toBe(1);
    expect(results[0]).toMatchObject({
      status: 'success',
      result: { ok: true, user: 'u-7', region: 'eu' },
      version: '2.0.0',
      queuedAt: 0,
      startedAt: 0,
      endedAt: 250,
      durationMs: 250,
      logs: [
        { time: 0, attempt: 1, message: 'fetching {"page":1}' },
        { time: 250, attempt: 1, message: 'done' },
      ],
      attemptsDetail: [{ attempt: 1, startedAt: 0, deadline: defaultTimeoutMs, endedAt: 250, outcome: 'success' }],
    });
    expect(formatForModel(results[0]!)).toBe('{"ok":true,"user":"u-7","region":"eu"}');
  });
});
