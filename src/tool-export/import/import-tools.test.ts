import { describe, expect, it } from 'vitest';
import { parametersFor } from '../../core/index.ts';
import { fakeContext, loadExecute, loadSchema } from '../../samples/evaluate-sample.test-support.ts';
import { previewImport } from './import-tools.ts';

const options = { takenNames: ['get_weather'] };

describe('previewImport', () => {
  it('reads a whole tools/list JSON-RPC response, renames a taken name, and builds a working stub', async () => {
    const pasted = JSON.stringify(
      {
        jsonrpc: '2.0',
        id: 1,
        result: {
          tools: [
            {
              name: 'get_weather',
              description: 'Weather.',
              inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
              annotations: { readOnlyHint: true },
            },
            {
              name: 'get_time',
              description: 'Time.',
              inputSchema: { type: 'object', properties: {} },
              outputSchema: { type: 'object', properties: { iso: { type: 'string' } }, required: ['iso'] },
            },
          ],
        },
      },
      null,
      2,
    );
    const { candidates, problems } = previewImport(pasted, { ...options, sampleValue: () => ({ iso: '2026-01-01T00:00:00Z' }) });
    expect(problems).toEqual([]);
    expect(candidates.map((candidate) => [candidate.name, candidate.format, candidate.importable, candidate.idempotent])).toEqual([
      ['get_weather_2', 'MCP', true, true],
      // MCP without hints: not known to be safe to repeat, so never retried.
      ['get_time', 'MCP', true, false],
    ]);
    expect(candidates[0]?.notes).toEqual([
      {
        line: 7,
        column: 17,
        path: 'result.tools[0].name',
        severity: 'info',
        message: 'a tool named "get_weather" exists already: imported as "get_weather_2"',
      },
    ]);
    // The stub runs as the sandbox would run it and answers with the sample of the output schema.
    const execute = loadExecute({ codeSource: candidates[1]?.codeSource ?? '' });
    expect(await execute({}, fakeContext())).toEqual({ iso: '2026-01-01T00:00:00Z' });
    expect(await loadExecute({ codeSource: candidates[0]?.codeSource ?? '' })({ city: 'Oslo' }, fakeContext())).toEqual({
      stub: true,
      tool: 'get_weather_2',
      received: { city: 'Oslo' },
    });
  });

  it('says where the text is not JSON', () => {
    expect(previewImport('{\n  "name": "x",\n  oops\n}', options).problems).toEqual([
      expect.objectContaining({ line: 3, column: 3, severity: 'error', message: expect.stringMatching(/^Not JSON: /) }),
    ]);
  });

  it('says which item is not a tool definition and still imports the others', () => {
    const pasted = '[\n  {"name": "ok_tool", "input_schema": {"type": "object"}},\n  {"hello": "world"}\n]';
    const { candidates, problems } = previewImport(pasted, options);
    expect(candidates.map((candidate) => [candidate.name, candidate.format])).toEqual([['ok_tool', 'Anthropic']]);
    expect(problems).toEqual([
      expect.objectContaining({ line: 3, column: 3, path: '[1]', message: expect.stringMatching(/^Not a tool definition: /) }),
    ]);
  });

  it('refuses a bad name and a keyword zod cannot express, located; keeps what it does not check as warnings', () => {
    const pasted = `{"tools": [
  {"type": "function", "function": {"name": "bad name", "parameters": {"type": "object"}}},
  {"name": "conditional", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}},
    "unevaluatedProperties": false, "not": {"unevaluatedItems": false}}},
  {"name": "approximated", "inputSchema": {"type": "object", "properties": {
    "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
    "size": {"type": "string", "x-unit": "cm", "format": "color"}}}}
]}`;
    const [badName, conditional, approximated] = previewImport(pasted, options).candidates;
    expect(badName?.importable).toBe(false);
    expect(badName?.notes).toEqual([expect.objectContaining({ line: 2, column: 45, path: 'tools[0].function.name', severity: 'error' })]);
    expect(conditional?.importable).toBe(false);
    expect(conditional?.notes.filter((note) => note.severity === 'error').map((note) => [note.line, note.path])).toEqual([
      [4, 'tools[1].inputSchema.unevaluatedProperties'],
      [4, 'tools[1].inputSchema.not.unevaluatedItems'],
    ]);
    expect(approximated?.importable).toBe(true);
    expect(approximated?.notes.map((note) => [note.line, note.path, note.message])).toEqual([
      // In the order of the pasted text: "x-unit" comes before "format" on line 7.
      [7, 'tools[2].inputSchema.properties.size.x-unit', 'unknown keyword "x-unit": kept as metadata, not checked'],
      [7, 'tools[2].inputSchema.properties.size.format', 'format "color" is not checked: kept as metadata only'],
    ]);
    // uniqueItems is checked by the zod it writes (JSON equality).
    const schema = loadSchema({ schemaSource: approximated?.schemaSource ?? '' });
    expect(schema.safeParse({ tags: ['a', 'b'] }).success).toBe(true);
    expect(schema.safeParse({ tags: ['a', 'a'] }).success).toBe(false);
  });

  it('writes $defs as constants, and a recursive one behind z.lazy', () => {
    const address = { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] };
    const shared = previewImport(
      JSON.stringify({
        name: 'ship',
        inputSchema: {
          type: 'object',
          $defs: { Address: address },
          properties: { from: { $ref: '#/$defs/Address' }, to: { $ref: '#/$defs/Address' } },
        },
      }),
      options,
    ).candidates[0];
    expect(shared?.schemaSource).toContain('const addressSchema = z.object({');
    expect(shared?.schemaSource).toContain('from: addressSchema.optional(),');
    const tree = {
      type: 'object',
      $defs: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
      properties: { root: { $ref: '#/$defs/Node' } },
    };
    const recursive = previewImport(JSON.stringify({ name: 'tree', inputSchema: tree }), options).candidates[0];
    expect(recursive?.importable).toBe(true);
    expect(recursive?.notes).toEqual([]);
    expect(recursive?.schemaSource).toContain('const nodeSchema: z.ZodType = z.object({');
    expect(recursive?.schemaSource).toContain('children: z.array(z.lazy(() => nodeSchema)).optional(),');
    const schema = loadSchema({ schemaSource: recursive?.schemaSource ?? '' });
    expect(schema.safeParse({ root: { children: [{ children: [] }] } }).success).toBe(true);
    expect(schema.safeParse({ root: { children: [{ children: 'no' }] } }).success).toBe(false);
    expect(parametersFor('tree', schema).type).toBe('object');
  });

  it('refuses, located, an unknown type and an external $ref anywhere in the schema', () => {
    const pasted = JSON.stringify({
      name: 'odd',
      inputSchema: {
        type: 'object',
        properties: { tags: { type: 'array', uniqueItems: true, items: { type: 'strin' } } },
        patternProperties: { '^x-': { $ref: 'https://example.com/other.json' } },
      },
    });
    const [candidate] = previewImport(pasted, options).candidates;
    expect(candidate?.importable).toBe(false);
    expect(candidate?.notes.map((note) => [note.path, note.message])).toEqual([
      ['inputSchema.properties.tags.items.type', 'unknown type "strin"'],
      [
        'inputSchema.patternProperties.^x-.$ref',
        'external $ref "https://example.com/other.json" cannot be followed: paste the schema it points to',
      ],
    ]);
  });

  it('refuses an input schema that is not an object', () => {
    const [candidate] = previewImport('{"name": "scalar", "inputSchema": {"type": "string"}}', options).candidates;
    expect(candidate?.importable).toBe(false);
    expect(candidate?.notes[0]).toMatchObject({ path: 'inputSchema.type', message: expect.stringContaining('must describe an object') });
  });
});
