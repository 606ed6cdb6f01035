import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import type { HealthCheckContext } from './tool-health.ts';

const signal = new AbortController().signal;

describe('defineTool', () => {
  const weather = defineTool({
    name: 'get_weather',
    description: 'Current weather for a city',
    schema: z.strictObject({ city: z.string().min(1), units: z.enum(['c', 'f']).default('c'), days: z.array(z.number().int()).optional() }),
    execute: ({ city, units }) => `${city}: 21°${units}`,
    timeoutMs: 2000,
    idempotent: true,
    version: '1.2.0',
  });

  it('derives the model-facing definition from the schema, without $schema', () => {
    expect(weather.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        units: { type: 'string', enum: ['c', 'f'], default: 'c' },
        days: { type: 'array', items: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 } },
      },
      // A field with a default is optional for the model (input side of the schema).
      required: ['city'],
      additionalProperties: false,
    });
    expect(weather).toMatchObject({ name: 'get_weather', timeoutMs: 2000, idempotent: true, version: '1.2.0' });
  });

  it('validates with dot paths and numeric indexes; unknown keys get their own path', async () => {
    const result = await weather.validate({ city: '', days: [1, 1.5], extra: true }, signal);
    expect(result).toEqual({
      success: false,
      issues: [
        { path: 'city', message: expect.any(String) },
        { path: 'days.1', message: expect.any(String) },
        { path: 'extra', message: 'Unrecognized key' },
      ],
    });
  });

  it('returns parsed data with defaults applied', async () => {
    expect(await weather.validate({ city: 'Oslo' }, signal)).toEqual({ success: true, data: { city: 'Oslo', units: 'c' } });
  });

  it('supports schemas with async refinements', async () => {
    const tool = defineTool({
      name: 'async_check',
      description: '',
      schema: z.object({ code: z.string().refine(async (code) => code === 'ok', 'bad code') }),
      execute: () => 1,
    });
    const outcome = tool.validate({ code: 'no' }, signal);
    expect(outcome).toBeInstanceOf(Promise);
    expect(await outcome).toEqual({ success: false, issues: [{ path: 'code', message: 'bad code' }] });
  });

  it('throws a validator bug at once instead of turning it into a rejected promise', () => {
    const tool = defineTool({
      name: 'buggy_check',
      description: '',
      schema: z.object({
        code: z.string().refine(() => {
          throw new Error('bug in the refinement');
        }),
      }),
      execute: () => 1,
    });
    expect(() => tool.validate({ code: 'x' }, signal)).toThrow('bug in the refinement');
  });

  it('refuses a schema that JSON Schema cannot express, naming the tool', () => {
    expect(() => defineTool({ name: 'big', description: '', schema: z.object({ n: z.bigint() }), execute: () => 1 })).toThrow(
      /^Tool "big": its schema cannot be shown to a model as JSON Schema \(.+\)$/,
    );
  });

  it('gives a health check called without a context one that sleeps for real and never aborts', async () => {
    let context: HealthCheckContext | undefined;
    const tool = defineTool({
      name: 'checked',
      description: '',
      schema: z.object({}),
      execute: () => 1,
      healthCheck: async (ctx) => {
        context = ctx;
        const started = performance.now();
        await ctx.sleep(15);
        return { healthy: performance.now() - started >= 10 };
      },
    });
    expect(await tool.healthCheck?.()).toEqual({ healthy: true });
    expect(context?.signal.aborted).toBe(false);
    expect(context?.env).toEqual({});
  });

  it('refuses schemas that are not objects and invalid names, at definition time', () => {
    expect(() => defineTool({ name: 'x', description: '', schema: z.string(), execute: () => 1 })).toThrow(/must describe an object/);
    expect(() => defineTool({ name: 'bad name', description: '', schema: z.object({}), execute: () => 1 })).toThrow(/Invalid tool name/);
  });
});
