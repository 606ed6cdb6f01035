import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, parametersFor } from './define-tool.ts';
import { formatForModel } from './format-for-model.ts';
import { findIgnoredKeys, maxIgnoredKeys } from './ignored-keys.ts';
import { harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import type { ToolCallResult } from './tool-result.ts';
import { errorOf } from './results.ts';

// Issue 12, defect 7: a plain z.object drops a hallucinated key without telling anyone.

function toolWith(schema: z.ZodType, execute: (input: never) => unknown = (input) => input): Tool {
  return defineTool({ name: 'get_weather', description: 'Weather for a city', schema, execute }) as Tool;
}

async function call(tool: Tool, args: unknown): Promise<ToolCallResult> {
  const { executor } = harness({}, [tool]);
  return executor.execute({ id: 'c1', name: tool.name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
}

const weather = z.object({ city: z.string(), days: z.number().default(1) });

describe('keys a plain object ignores are reported (issue 12)', () => {
  it('runs the call without the ignored key and tells the model which key had no effect', async () => {
    let received: unknown;
    const result = await call(
      toolWith(weather, (input) => {
        received = input;
        return { city: 'Paris', temperature: 21 };
      }),
      { city: 'Paris', units: 'fahrenheit' },
    );
    expect(result.status).toBe('success');
    expect(received).toEqual({ city: 'Paris', days: 1 });
    expect(result.ignoredKeys).toEqual(['units']);
    expect(formatForModel(result)).toBe(
      '{"city":"Paris","temperature":21}\n\nNote: this argument is not in the tool\'s schema and was ignored: "units".',
    );
  });

  it('names nested keys by their path, through objects and arrays', async () => {
    const schema = z.object({
      city: z.string(),
      options: z.object({ hourly: z.boolean() }),
      stops: z.array(z.object({ name: z.string() })),
    });
    const result = await call(toolWith(schema), {
      city: 'Oslo',
      options: { hourly: true, verbose: true },
      stops: [{ name: 'a' }, { name: 'b', note: 'x' }],
    });
    expect(result.status).toBe('success');
    expect(result.ignoredKeys).toEqual(['options.verbose', 'stops.1.note']);
    expect(formatForModel(result)).toContain(
      'these arguments are not in the tool\'s schema and were ignored: "options.verbose", "stops.1.note".',
    );
  });

  it('still rejects unknown keys of a strict object, at their path, without running the tool', async () => {
    const result = await call(toolWith(z.strictObject({ city: z.string() })), { city: 'Oslo', units: 'c' });
    expect(result.status).toBe('error');
    expect(errorOf(result)?.kind).toBe('invalid_arguments');
    expect(errorOf(result)?.issues).toEqual([{ path: 'units', message: 'Unrecognized key' }]);
    expect(result.attempts).toBe(0);
  });

  it('reports nothing for keys a schema keeps on purpose (loose objects, catchall, records)', async () => {
    const cases: [z.ZodType, unknown][] = [
      [z.looseObject({ city: z.string() }), { city: 'Oslo', units: 'c' }],
      [z.object({ city: z.string() }).catchall(z.string()), { city: 'Oslo', units: 'c' }],
      [z.object({ city: z.string(), tags: z.record(z.string(), z.string()) }), { city: 'Oslo', tags: { units: 'c' } }],
    ];
    for (const [schema, args] of cases) {
      const result = await call(toolWith(schema), args);
      expect(result.status).toBe('success');
      // Absent, not present and undefined: results are compared and stored as they are.
      expect(result).not.toHaveProperty('ignoredKeys');
      expect(formatForModel(result)).not.toContain('Note:');
    }
  });

  it('does not mistake a transform that renames a declared key for ignoring it', async () => {
    const schema = z.object({ celsius: z.number() }).transform(({ celsius }) => ({ kelvin: celsius + 273.15 }));
    const result = await call(toolWith(schema), { celsius: 20, unit: 'c' });
    expect(result.ignoredKeys).toEqual(['unit']);
  });

  it('leaves ignoredKeys off the result when the only key validation dropped is a declared one (issue 30)', async () => {
    const schema = z.object({ celsius: z.number() }).transform(({ celsius }) => ({ kelvin: celsius + 273.15 }));
    const result = await call(toolWith(schema), { celsius: 20 });
    expect(result.status).toBe('success');
    expect(result).not.toHaveProperty('ignoredKeys');
  });

  it('reports keys that no branch of a union knows, but not keys of another branch', async () => {
    const schema = z.object({ place: z.union([z.object({ city: z.string() }), z.object({ lat: z.number(), lon: z.number() })]) });
    const result = await call(toolWith(schema), { place: { city: 'Oslo', lat: 1, altitude: 3 } });
    expect(result.ignoredKeys).toEqual(['place.altitude']);
  });

  it('follows recursive schemas ($ref) to report deep keys', async () => {
    const node: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(node).optional();
      },
    });
    const result = await call(toolWith(z.object({ tree: node })), { tree: { name: 'root', children: [{ name: 'leaf', colour: 'red' }] } });
    expect(result.ignoredKeys).toEqual(['tree.children.0.colour']);
  });

  it('works for tools whose validation happens elsewhere (a sandbox worker answers with a copy)', async () => {
    const schema = z.object({ city: z.string() });
    const sandboxLike: Tool = {
      name: 'remote',
      description: 'validated in a worker',
      parameters: parametersFor('remote', schema),
      validate: async (args) => {
        const parsed = schema.safeParse(args);
        return parsed.success ? { success: true, data: structuredClone(parsed.data) } : { success: false, issues: [] };
      },
      execute: () => 'ok',
    };
    const result = await call(sandboxLike, { city: 'Oslo', zip: '0150' });
    expect(result.ignoredKeys).toEqual(['zip']);
  });

  it('keeps the note whole when the result itself is cut for length', async () => {
    const result = await call(
      toolWith(weather, () => 'x'.repeat(5_000)),
      { city: 'Oslo', units: 'c' },
    );
    const text = formatForModel(result, { maxLength: 1_000 });
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(text).toContain('characters truncated');
    expect(text.endsWith('was ignored: "units".')).toBe(true);
  });

  it('lists at most 20 keys in the note and collects at most maxIgnoredKeys paths', () => {
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`k${index}`, index]));
    const paths = findIgnoredKeys({ city: 'Oslo', ...many }, { city: 'Oslo' }, parametersFor('t', z.object({ city: z.string() })));
    expect(paths).toHaveLength(maxIgnoredKeys);
    const result = { ...resultOf('ok'), ignoredKeys: paths };
    expect(formatForModel(result)).toMatch(/"k19" and 80 more\.$/);
  });
});

function resultOf(value: unknown): ToolCallResult {
  return {
    toolCallId: 'c',
    name: 't',
    status: 'success',
    result: value,
    attempts: 1,
    queuedAt: 0,
    startedAt: 0,
    endedAt: 0,
    durationMs: 0,
    logs: [],
    attemptsDetail: [],
  };
}
