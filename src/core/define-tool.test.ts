import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';

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

  it('refuses schemas that are not objects and invalid names, at definition time', () => {
    expect(() => defineTool({ name: 'x', description: '', schema: z.string(), execute: () => 1 })).toThrow(/must describe an object/);
    expect(() => defineTool({ name: 'bad name', description: '', schema: z.object({}), execute: () => 1 })).toThrow(/Invalid tool name/);
  });
});
