import { describe, expect, it } from 'vitest';
import { parametersFor } from '../../core/index.ts';
import { loadSchema } from '../../samples/evaluate-sample.test-support.ts';
import { previewImport, type ImportCandidate } from './import-tools.ts';

// Issue 26: what the importer got wrong against JSON Schema draft 2020-12, one test per defect. Each pastes
// an MCP tool definition and runs the zod it writes, as the sandbox would.

function imported(inputSchema: Record<string, unknown>): ImportCandidate {
  const [candidate] = previewImport(JSON.stringify({ name: 'pasted', description: 'A pasted tool.', inputSchema }), {
    takenNames: [],
  }).candidates;
  if (!candidate) throw new Error('nothing imported');
  return candidate;
}

/** The generated schema's verdict on each value of `property` (an object `{ [property]: value }`). */
function verdicts(property: Record<string, unknown>, values: readonly unknown[], extra: Record<string, unknown> = {}): boolean[] {
  const candidate = imported({ type: 'object', properties: { value: property }, required: ['value'], ...extra });
  expect(candidate.notes.filter((note) => note.severity === 'error')).toEqual([]);
  const schema = loadSchema({ schemaSource: candidate.schemaSource });
  return values.map((value) => schema.safeParse({ value }).success);
}

const accepts = (inputSchema: Record<string, unknown>, value: unknown) => {
  const candidate = imported(inputSchema);
  expect(candidate.importable, JSON.stringify(candidate.notes)).toBe(true);
  return loadSchema({ schemaSource: candidate.schemaSource }).safeParse(value).success;
};

describe('import follows JSON Schema draft 2020-12', () => {
  it('matches patterns with Unicode semantics (the u flag): \\p{Letter} and astral characters', () => {
    expect(verdicts({ type: 'string', pattern: '^\\p{Letter}+$' }, ['π', 'abc', '1'])).toEqual([true, true, false]);
    expect(verdicts({ type: 'string', pattern: '^🐲*$' }, ['🐲🐲', '', '🐉'])).toEqual([true, true, false]);
  });

  it('keeps the keywords beside anyOf, oneOf, allOf and $ref', () => {
    expect(verdicts({ type: 'string', anyOf: [{ maxLength: 2 }, { minLength: 4 }] }, ['foo', 'fo', 'food', 3])).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(verdicts({ type: 'string', oneOf: [{ minLength: 2 }, { maxLength: 4 }] }, ['abc', 'a', 'abcde'])).toEqual([false, true, true]);
    const base = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      allOf: [{ properties: { b: { type: 'number' } } }],
    };
    expect([accepts(base, { a: 'x', b: 1 }), accepts(base, { b: 1 }), accepts(base, { a: 'x', b: 'no' })]).toEqual([true, false, false]);
    expect(
      verdicts({ $ref: '#/$defs/list', maxItems: 2 }, [[1, 2], [1, 2, 3], ['x']], {
        $defs: { list: { type: 'array', items: { type: 'integer' } } },
      }),
    ).toEqual([true, false, false]);
  });

  it('keeps the checks nested under patternProperties', () => {
    const schema = {
      type: 'object',
      patternProperties: { '^list_': { type: 'array', maxItems: 2 } },
      additionalProperties: { type: 'integer' },
    };
    expect([
      accepts(schema, { list_a: [1, 2] }),
      accepts(schema, { list_a: [1, 2, 3] }),
      accepts(schema, { other: 1 }),
      accepts(schema, { other: 'x' }),
    ]).toEqual([true, false, true, false]);
  });

  it('compares enum and const values that are objects or arrays by deep equality', () => {
    expect(verdicts({ enum: [[false], { a: 1, b: [2] }] }, [[false], [0], { b: [2], a: 1 }, { a: 1, b: [2], c: 3 }])).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(verdicts({ const: [[false]] }, [[[false]], [[0]], [false]])).toEqual([true, false, false]);
  });

  it('follows $ref into $defs, recursively through z.lazy, and through escaped pointers and #/properties refs', () => {
    const tree = {
      type: 'object',
      $defs: {
        node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['children'] },
      },
      properties: { root: { $ref: '#/$defs/node' } },
    };
    const candidate = imported(tree);
    expect(candidate.notes).toEqual([]);
    expect(candidate.schemaSource).toContain('z.lazy(() => nodeSchema)');
    expect([accepts(tree, { root: { children: [{ children: [] }] } }), accepts(tree, { root: { children: [{}] } })]).toEqual([true, false]);
    expect(parametersFor('tree', loadSchema({ schemaSource: candidate.schemaSource })).type).toBe('object');
    const escaped = { 'slash/field': { type: 'integer' }, 'tilde~field': { type: 'string' }, 'quote"field': { type: 'boolean' } };
    const refs = { a: { $ref: '#/$defs/slash~1field' }, b: { $ref: '#/$defs/tilde~0field' }, c: { $ref: '#/$defs/quote%22field' } };
    const pointers = { type: 'object', $defs: escaped, properties: refs };
    expect([accepts(pointers, { a: 1, b: 'x', c: true }), accepts(pointers, { a: 'no' }), accepts(pointers, { c: 1 })]).toEqual([
      true,
      false,
      false,
    ]);
    // zod-to-json-schema writes a repeated schema as a ref to where it first appeared.
    const repeated = { type: 'object', properties: { from: { type: 'string', minLength: 2 }, to: { $ref: '#/properties/from' } } };
    expect([accepts(repeated, { from: 'ab', to: 'cd' }), accepts(repeated, { to: 'c' })]).toEqual([true, false]);
  });

  it('writes not', () => {
    expect(verdicts({ not: { type: 'string' } }, [1, 'x', null])).toEqual([true, false, true]);
    expect(verdicts({ type: 'integer', not: { enum: [1, 2] } }, [3, 1])).toEqual([true, false]);
  });

  it('treats properties named toString, constructor and __proto__ as any other', () => {
    // Parsed, as pasted text is: `__proto__` in an object literal would set the prototype instead.
    const named = JSON.parse(
      '{"type": "object", "properties": {"toString": {"type": "string"}, "constructor": {"type": "number"}, "__proto__": {"type": "boolean"}}}',
    ) as Record<string, unknown>;
    expect(accepts(named, {})).toBe(true);
    expect(accepts(named, JSON.parse('{"toString": "a", "constructor": 1, "__proto__": true}'))).toBe(true);
    expect(accepts(named, JSON.parse('{"__proto__": "not a boolean"}'))).toBe(false);
    expect(accepts({ type: 'object', required: ['__proto__'] }, {})).toBe(false);
    expect(accepts({ type: 'object', required: ['__proto__'] }, JSON.parse('{"__proto__": 1}'))).toBe(true);
    expect(accepts({ type: 'object', required: ['toString'] }, {})).toBe(false);
  });

  it('checks formats as their RFCs define them', () => {
    expect(
      verdicts({ type: 'string', format: 'uri' }, ['https://example.com/a b', 'https://example.com/<>{}|', 'https://example.com/ok']),
    ).toEqual([false, false, true]);
    expect(verdicts({ type: 'string', format: 'email' }, ['te~st@example.com', '"joe bloggs"@example.com', 'te..st@example.com'])).toEqual([
      true,
      true,
      false,
    ]);
    expect(
      verdicts({ type: 'string', format: 'date-time' }, ['1998-12-31T23:59:60Z', '1963-06-19t08:30:06.283185z', '1998-12-31T23:58:60Z']),
    ).toEqual([true, true, false]);
    expect(verdicts({ type: 'string', format: 'duration' }, ['PT0.5S', 'P4DT12H30M5S', 'P1Y2D'])).toEqual([false, true, false]);
    expect(verdicts({ type: 'string', format: 'time' }, ['08:30:06Z', '12:00:00', '23:59:60+00:00', '22:59:60Z'])).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('refuses by name what it cannot write', () => {
    const candidate = imported({ type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false });
    expect(candidate.importable).toBe(false);
    expect(candidate.notes.map((note) => [note.path, note.severity])).toEqual([['inputSchema.unevaluatedProperties', 'error']]);
    expect(candidate.notes[0]?.message).toMatch(/^"unevaluatedProperties" cannot be written as zod/);
  });
});
