import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parametersFor, validateWith, type JsonSchemaObject } from '../../core/index.ts';
import { sampleTools, toolTemplate } from '../../samples/index.ts';
import { loadSchema } from '../../samples/evaluate-sample.test-support.ts';
import { brokenArguments, sampleValue, staleArgumentFields } from './sample-arguments.ts';

const schema = z.strictObject({
  city: z.string().min(1).describe('City'),
  unit: z.enum(['celsius', 'fahrenheit']).default('celsius'),
  days: z.number().int().min(1).max(7),
  email: z.email().optional(),
  tags: z.array(z.string()).min(2),
  nested: z.object({ flag: z.boolean(), note: z.string().nullable() }),
});
const parameters = parametersFor('sample', schema);

describe('sample arguments from a JSON Schema', () => {
  it('generates arguments the real zod schema accepts', async () => {
    const generated = sampleValue(parameters);
    expect(await validateWith(schema, generated)).toMatchObject({ success: true });
    expect(generated).toMatchObject({
      city: 'Paris',
      unit: 'celsius',
      days: 3,
      email: 'ada@example.com',
      tags: ['example tag', 'example tag 2'],
    });
  });

  it('generates arguments every sample tool (and the New tool template) accepts (issue 14)', async () => {
    for (const tool of [...sampleTools, toolTemplate]) {
      const schema = loadSchema(tool);
      const generated = sampleValue(parametersFor(tool.name, schema as z.ZodObject));
      expect({ tool: tool.name, result: await validateWith(schema, generated) }).toMatchObject({
        tool: tool.name,
        result: { success: true },
      });
    }
  });

  it('breaks them in ways the real zod schema rejects, one issue per broken field', async () => {
    const result = await validateWith(schema, brokenArguments(parameters));
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['city', 'unit', 'days']));
    expect(paths.some((path) => path === '' || path === 'unexpected_field')).toBe(true);
  });

  it('names the fields of test arguments an edited schema no longer accepts (issue 14)', () => {
    const edited: JsonSchemaObject = {
      type: 'object',
      properties: { location: { type: 'string' }, days: { type: 'integer', maximum: 7 } },
      required: ['location'],
    };
    expect(staleArgumentFields('{"city": "Paris", "days": 10}', edited)).toEqual(['location', 'city', 'days']);
    expect(staleArgumentFields('{"location": "Paris", "days": 3}', edited)).toEqual([]);
    // Unreadable text is the editor's business, not a stale schema.
    expect(staleArgumentFields('{"location": ', edited)).toEqual([]);
  });
});
