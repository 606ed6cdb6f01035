import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describePlainSchema } from '../worker/plain-schema.ts';
import { hostSchemaOf } from './host-validation.ts';

// The host's copy of a plain schema may only say "valid" where the tool's own schema does, with the
// same data: checked here for each kind of node against a spread of inputs.

const inputs: unknown[] = [
  undefined,
  null,
  0,
  1,
  2.5,
  -3,
  2 ** 53 + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'a',
  'abc',
  'celsius',
  'x'.repeat(300),
  true,
  false,
  [],
  ['a', 'b'],
  [1, 2, 3],
  {},
  { text: 'hi' },
  { text: 'hi', extra: 1 },
  { text: 5 },
  { city: 'Oslo' },
  { city: 'Oslo', unit: 'fahrenheit' },
  { city: '', unit: 'kelvin' },
  { a: undefined },
  { a: null, b: [1] },
  { fields: ['name', 'email'], id: 3 },
];

function agrees(schema: z.ZodType): void {
  const host = hostSchemaOf(describePlainSchema(schema));
  expect(host, 'a plain schema gets a host copy').toBeDefined();
  for (const input of inputs) {
    const onHost = host!.safeParse(input);
    if (!onHost.success) continue;
    const inWorker = schema.safeParse(input);
    expect(inWorker.success, `the tool's schema accepts ${JSON.stringify(input)}`).toBe(true);
    if (inWorker.success) expect(JSON.stringify(onHost.data)).toBe(JSON.stringify(inWorker.data));
  }
}

describe('the host copy of a plain schema', () => {
  it.each([
    ['strings with lengths', z.object({ text: z.string().min(1).max(200) })],
    ['an exact length', z.object({ text: z.string().length(3) })],
    ['numbers', z.object({ a: z.number().int().min(0).max(10), b: z.number().positive().multipleOf(0.5), c: z.int() })],
    ['enums and literals', z.object({ unit: z.enum(['celsius', 'fahrenheit']), kind: z.literal(['a', 1, true, null]) })],
    [
      'arrays',
      z.object({
        fields: z
          .array(z.enum(['name', 'email']))
          .min(1)
          .max(4),
      }),
    ],
    ['optional and nullable', z.object({ a: z.string().optional(), b: z.array(z.number()).nullable() })],
    [
      'a default (left out: the worker applies it)',
      z.object({ city: z.string().min(1), unit: z.enum(['celsius', 'fahrenheit']).default('celsius') }),
    ],
    ['strict, loose and stripped objects', z.strictObject({ id: z.number(), fields: z.array(z.string()).optional() })],
    ['loose', z.looseObject({ text: z.string() })],
    ['stripped unknown keys, in the schema order', z.object({ text: z.string(), a: z.unknown() })],
    ['nested', z.object({ outer: z.object({ inner: z.array(z.object({ n: z.number().nullable() })) }) })],
    ['booleans and null', z.object({ ok: z.boolean(), nothing: z.null() })],
    ['described', z.object({ text: z.string().describe('what to echo') })],
    ['custom messages (only failures show them)', z.object({ text: z.string().min(3, 'too short') })],
  ])('%s: says valid only where the schema does, with the same data', (_name, schema) => agrees(schema));

  it.each([
    ['a refine', z.object({ text: z.string().refine((value) => value !== 'x') })],
    ['a transform', z.object({ text: z.string().transform((value) => value.length) })],
    ['a regex (could backtrack on the page)', z.object({ id: z.string().regex(/^sku-\d+$/) })],
    ['a format', z.object({ to: z.email() })],
    ['a trim', z.object({ text: z.string().trim() })],
    ['coercion', z.object({ n: z.coerce.number() })],
    ['a union', z.object({ v: z.union([z.string(), z.number()]) })],
    ['a record', z.object({ v: z.record(z.string(), z.string()) })],
    ['exactOptional', z.object({ v: z.string().exactOptional() })],
    ['a default under an optional', z.object({ v: z.string().default('x').optional() })],
    ['an optional under a default', z.object({ v: z.string().optional().default('x') })],
    ['a catch', z.object({ v: z.string().catch('x') })],
    ['readonly', z.object({ v: z.string() }).readonly()],
    ['a catchall', z.object({ v: z.string() }).catchall(z.number())],
    ['an object refine', z.object({ a: z.number(), b: z.number() }).refine((value) => value.a < value.b)],
    ['int32', z.object({ n: z.int32() })],
  ])('%s: is not plain, so validation stays in the worker', (_name, schema) => {
    expect(describePlainSchema(schema)).toBeUndefined();
  });

  it('refuses a description it cannot read, too deep or too big', () => {
    expect(hostSchemaOf({ kind: 'regex', pattern: '(a+)+$' })).toBeUndefined();
    expect(
      hostSchemaOf({ kind: 'object', shape: [['a', { kind: 'string', lengths: [{ check: 'min', value: 'x' }] }]], unknownKeys: 'strip' }),
    ).toBeUndefined();
    expect(hostSchemaOf({ kind: 'default', inner: { kind: 'optional', inner: { kind: 'string', lengths: [] } } })).toBeUndefined();
    let deep: unknown = { kind: 'string', lengths: [] };
    for (let level = 0; level < 40; level++) deep = { kind: 'array', element: deep, lengths: [] };
    expect(hostSchemaOf(deep)).toBeUndefined();
    const wide = {
      kind: 'object',
      shape: Array.from({ length: 1_001 }, (_, index) => [`k${index}`, { kind: 'null' }]),
      unknownKeys: 'strip',
    };
    expect(hostSchemaOf(wide)).toBeUndefined();
    expect(hostSchemaOf(undefined)).toBeUndefined();
  });
});
