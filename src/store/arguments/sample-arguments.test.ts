import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parametersFor, validateWith } from '../../core/index.ts';
import { brokenArguments, sampleValue } from './sample-arguments.ts';

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
    expect(generated).toMatchObject({ unit: 'celsius', days: 1, tags: ['example tags', 'example tags'] });
  });

  it('breaks them in ways the real zod schema rejects, one issue per broken field', async () => {
    const result = await validateWith(schema, brokenArguments(parameters));
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['city', 'unit', 'days']));
    expect(paths.some((path) => path === '' || path === 'unexpected_field')).toBe(true);
  });
});
