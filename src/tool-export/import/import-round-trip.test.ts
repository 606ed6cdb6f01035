import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parametersFor, type ToolDefinition } from '../../core/index.ts';
import { sampleTools } from '../../samples/index.ts';
import { loadSchema } from '../../samples/evaluate-sample.test-support.ts';
import { definitionsIn, type DefinitionFormat } from '../code/definitions-export.ts';
import { previewImport } from './import-tools.ts';

// Issue 18: export every sample's definition, import it back, and the imported tool's JSON Schema
// (its generated zod source, run and converted again) equals the original.

const definitions: ToolDefinition[] = sampleTools.map((sample) => ({
  name: sample.name,
  description: sample.description,
  parameters: parametersFor(sample.name, loadSchema(sample)),
}));

/** What the imported tool shows the model: its zod source, evaluated as the sandbox does, as JSON Schema. */
const importedParameters = (name: string, schemaSource: string) => parametersFor(name, loadSchema({ schemaSource }));

describe('export → import round trip', () => {
  it.each<DefinitionFormat>(['mcp', 'openai', 'anthropic'])(
    '%s JSON of every sample tool comes back with the same JSON Schema',
    (format) => {
      const pasted = JSON.stringify(definitionsIn(format, definitions), null, 2);
      const { candidates, problems } = previewImport(pasted, { takenNames: [] });
      expect(problems).toEqual([]);
      expect(candidates.map((candidate) => candidate.name)).toEqual(definitions.map((definition) => definition.name));
      for (const [index, candidate] of candidates.entries()) {
        const original = definitions[index] as ToolDefinition;
        expect(candidate.notes, candidate.name).toEqual([]);
        expect(candidate.description).toBe(original.description);
        expect(importedParameters(candidate.name, candidate.schemaSource), candidate.name).toEqual(original.parameters);
      }
    },
  );

  it('keeps what zod itself writes: unions, xor, tuples, records, nullables, literals, formats, metadata', () => {
    const schema = z.strictObject({
      choice: z.union([z.string(), z.number()]),
      exclusive: z.xor([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      pair: z.tuple([z.string(), z.boolean()]),
      scores: z.record(z.string(), z.number().min(0)),
      maybe: z.object({ x: z.string() }).nullable().optional(),
      kind: z.literal('fixed'),
      numbers: z.literal([1, 2, 3]),
      when: z.iso.datetime(),
      day: z.iso.date(),
      at: z.iso.time(),
      id: z.uuid(),
      site: z.url(),
      ratio: z.number().gt(0).lt(1).multipleOf(0.01),
      labelled: z.string().meta({ title: 'Label', examples: ['a'] }),
      extra: z.object({ a: z.string() }).catchall(z.number()),
      loose: z.looseObject({ a: z.string() }),
      tags: z.array(z.string()).min(1).max(5),
    });
    const parameters = parametersFor('kitchen_sink', schema);
    const pasted = JSON.stringify({ name: 'kitchen_sink', description: 'Everything.', inputSchema: parameters });
    const [candidate] = previewImport(pasted, { takenNames: [] }).candidates;
    expect(candidate?.notes).toEqual([]);
    expect(importedParameters('kitchen_sink', candidate?.schemaSource ?? '')).toEqual(parameters);
  });
});
