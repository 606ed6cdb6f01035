import { describe, expect, it } from 'vitest';
import { compileInputSchema } from './input-validation.ts';

const citySchema = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    when: { type: 'object', properties: { days: { type: 'array', items: { type: 'integer', minimum: 0 } } }, additionalProperties: false },
  },
  required: ['city'],
  additionalProperties: false,
};

describe('compileInputSchema', () => {
  it('passes valid arguments through unchanged', () => {
    const compiled = compileInputSchema(citySchema);
    if (!compiled.ok) throw new Error(compiled.message);
    expect(compiled.validate({ city: 'Paris', when: { days: [0, 1] } })).toEqual({
      success: true,
      data: { city: 'Paris', when: { days: [0, 1] } },
    });
  });

  it('reports every problem at its dot-joined path, as other tools do', () => {
    const compiled = compileInputSchema(citySchema);
    if (!compiled.ok) throw new Error(compiled.message);
    const result = compiled.validate({ when: { days: [1, -2, 'x'], hours: 3 }, colour: 'red' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { path: 'city', message: 'Required' },
        { path: 'colour', message: 'Unknown property (the schema allows no others)' },
        { path: 'when.hours', message: 'Unknown property (the schema allows no others)' },
        { path: 'when.days.1', message: '-2 is less than 0' },
        { path: 'when.days.2', message: 'Value type "string" is invalid. Expected "integer"' },
      ]),
    );
  });

  it('understands draft-07 schemas and formats', () => {
    const compiled = compileInputSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { site: { type: 'string', format: 'uri' } },
    });
    if (!compiled.ok) throw new Error(compiled.message);
    expect(compiled.validate({ site: 'https://example.com' }).success).toBe(true);
    expect(compiled.validate({ site: 'not a uri' })).toMatchObject({ success: false, issues: [{ path: 'site' }] });
  });

  it('says what is wrong with a schema that is not valid JSON Schema, without throwing', () => {
    const broken = compileInputSchema({ type: 'object', properties: { count: { type: 'integer-ish', minimum: 'zero' } } });
    expect(broken).toMatchObject({ ok: false, message: expect.stringMatching(/^inputSchema is not valid JSON Schema: .*type/) });
    expect(compileInputSchema({ type: 'array' })).toEqual({
      ok: false,
      message: 'inputSchema must have "type": "object" (it has "array")',
    });
    expect(compileInputSchema(null)).toEqual({ ok: false, message: 'inputSchema is not an object' });
  });
});
