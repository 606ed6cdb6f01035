import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parametersFor, validateWith } from '../../core/index.ts';
import { fitsSchema, sampleValue } from './schema-sample.ts';

/** The sample for `schema` and whether the real zod schema accepts it. */
async function sampleOf(schema: z.ZodType) {
  const parameters = parametersFor('sample', schema as z.ZodObject);
  const value = sampleValue(parameters);
  return { value: value as Record<string, unknown>, validation: await validateWith(schema, value) };
}

describe('sampleValue honours the schema (issue 14)', () => {
  it('meets lengths, patterns, formats, enums, bounds and item counts', async () => {
    const { value, validation } = await sampleOf(
      z.strictObject({
        code: z.string().regex(/^[A-Z]{3}-\d{4}$/),
        user_id: z.string().regex(/^usr_[0-9a-z]{6}$/),
        slug: z.string().regex(/^\S+$/).min(3).max(10),
        short: z.string().max(5),
        long: z.string().min(30),
        plan: z.enum(['free', 'pro', 'enterprise']),
        fraction: z.number().gt(0).lt(1),
        step: z.number().int().multipleOf(5).min(12),
        days: z.number().int().min(1).max(7),
        fields: z
          .array(z.enum(['name', 'email', 'plan']))
          .min(2)
          .max(3),
        tags: z.array(z.string().min(2)).min(3),
        when: z.iso.datetime(),
        site: z.url(),
        id: z.uuid(),
        contact: z.email().optional(),
      }),
    );
    expect(validation).toMatchObject({ success: true });
    expect(value).toMatchObject({ plan: 'free', fraction: 0.5, step: 15, fields: ['name', 'email'] });
    expect(new Set(value.tags as string[]).size).toBe(3);
  });

  it('a real schema gets a full sample on a starved thread (the clock only counts for huge samples)', async () => {
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 300));
    try {
      const { validation } = await sampleOf(
        z.strictObject({
          code: z.string().regex(/^[A-Z]{3}-\d{4}$/),
          days: z.number().int().min(1).max(7),
          tags: z.array(z.string().min(2)).min(3),
        }),
      );
      expect(validation).toMatchObject({ success: true });
    } finally {
      clock.mockRestore();
    }
  });

  it('prefers realistic values: the default, the description’s example, then one by the field’s name', async () => {
    const { value, validation } = await sampleOf(
      z.object({
        city: z.string().min(1),
        topic: z.string().describe('What the report is about, e.g. "Q3 sales in Europe"'),
        user_id: z
          .string()
          .regex(/^usr_[0-9a-z]{6}$/)
          .describe('User id, e.g. "usr_8f3k2a"'),
        duration_ms: z.number().int().min(100).max(60_000),
        unit: z.enum(['celsius', 'fahrenheit']).default('fahrenheit'),
        email: z.string(),
      }),
    );
    expect(validation).toMatchObject({ success: true });
    expect(value).toEqual({
      city: 'Paris',
      topic: 'Q3 sales in Europe',
      user_id: 'usr_8f3k2a',
      duration_ms: 1000,
      unit: 'fahrenheit',
      email: 'ada@example.com',
    });
  });

  it('drops an example that breaks the constraints instead of offering it', async () => {
    const { value, validation } = await sampleOf(z.object({ city: z.string().max(4).describe('e.g. "Reykjavik"') }));
    expect(validation).toMatchObject({ success: true });
    expect(value.city).not.toBe('Reykjavik');
  });

  it('gives the same sample every time', () => {
    const parameters = parametersFor('sample', z.object({ code: z.string().regex(/^[a-z]{2}\d{3}[A-Z]$/) }));
    expect(sampleValue(parameters)).toEqual(sampleValue(parameters));
  });

  it('fitsSchema reads the constraints the same way zod does for the cases the sampler relies on', () => {
    expect(fitsSchema('ab', { type: 'string', minLength: 3 })).toBe(false);
    expect(fitsSchema('usr_123abc', { type: 'string', pattern: '^usr_[0-9a-z]{6}$' })).toBe(true);
    expect(fitsSchema(7, { type: 'integer', maximum: 6 })).toBe(false);
    expect(fitsSchema(1.5, { type: 'integer' })).toBe(false);
    expect(fitsSchema('x', { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe(true);
    expect(fitsSchema(['a'], { type: 'array', minItems: 2, items: { type: 'string' } })).toBe(false);
  });
});
