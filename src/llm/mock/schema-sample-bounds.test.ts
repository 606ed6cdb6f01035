// Issue 28: sample arguments froze the page for good: `minLength: 5e7` looped, `minItems` fed
// Array.from, a `pattern` was tested natively against a default (ReDoS). Each bomb now comes back at once
// (the work is counted, not timed: each is far below the budget's step count) and bounded in size.
import { describe, expect, it } from 'vitest';
import { fitsSchema, sampleLimits, sampleValue } from './schema-sample.ts';

const size = (value: unknown) => JSON.stringify(value).length;

describe('sample arguments from hostile schemas', () => {
  it('minLength: 5e7 gives a string of the sample bound, not fifty million characters', () => {
    const value = sampleValue({ type: 'object', properties: { text: { type: 'string', minLength: 5e7 } } }) as { text: string };
    expect(value.text.length).toBe(sampleLimits.stringLength);
  });

  it('minItems: 1e9 gives at most the sample bound of items', () => {
    const value = sampleValue({ type: 'array', items: { type: 'string' }, minItems: 1e9 }) as unknown[];
    expect(value).toHaveLength(sampleLimits.items);
  });

  it('a catastrophic pattern against its default is checked in linear time', () => {
    const schema = { type: 'string', pattern: '^(a+)+$', default: `${'a'.repeat(40)}!` };
    expect(fitsSchema(schema.default, schema)).toBe(false);
    expect(typeof sampleValue(schema)).toBe('string');
  });

  it('a pattern with huge counts makes no huge text', () => {
    const value = sampleValue({ type: 'string', pattern: '^((a{1000}){1000}){1000}$' }) as string;
    expect(value.length).toBeLessThanOrEqual(sampleLimits.stringLength);
  });

  it('objects nested 10,000 deep stop at the depth bound', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level++) schema = { type: 'object', properties: { next: schema } };
    const value = sampleValue(schema);
    expect(JSON.stringify(value).split('"next"').length - 1).toBeLessThanOrEqual(sampleLimits.depth + 1);
  });

  it('anyOf nested 100,000 deep does not overflow the stack', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) schema = { anyOf: [schema, { type: 'null' }] };
    expect(() => sampleValue(schema)).not.toThrow();
  });

  it('a wide and deep schema stops at the value budget', () => {
    const wide = (inner: Record<string, unknown>) => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`p${index}`, inner])),
    });
    const schema = wide(wide(wide({ type: 'array', minItems: 100, items: { type: 'string', minLength: 100 } })));
    expect(size(sampleValue(schema))).toBeLessThan(5_000_000);
  });

  it('a __proto__ property stays data', () => {
    const value = sampleValue({ type: 'object', properties: { ['__proto__']: { type: 'string' } } }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });
});
