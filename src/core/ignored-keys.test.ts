import { describe, expect, it } from 'vitest';
import { findIgnoredKeys, maxIgnoredKeys } from './ignored-keys.ts';
import type { JsonSchemaObject } from './tool.ts';

// The schema walk of findIgnoredKeys case by case (the executor tests cover it through zod schemas).

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchemaObject => ({
  type: 'object',
  properties,
  ...extra,
});

describe('findIgnoredKeys', () => {
  it('reports nothing when validation returned the value it was given', () => {
    const input = { a: 1, extra: 2 };
    expect(findIgnoredKeys(input, input, object({ a: {} }))).toEqual([]);
  });

  it('stops where the values stop being alike (a transform changed the shape)', () => {
    const schema = object({ list: { type: 'array', items: object({}) }, nested: object({}) });
    expect(findIgnoredKeys({ list: [{ x: 1 }, { y: 2 }] }, { list: [{}] }, schema)).toEqual([]);
    expect(findIgnoredKeys({ list: [{ x: 1 }] }, { list: 'joined' }, schema)).toEqual([]);
    expect(findIgnoredKeys({ nested: { x: 1 } }, { nested: ['x'] }, schema)).toEqual([]);
    expect(findIgnoredKeys({ nested: { x: 1 } }, { nested: null }, schema)).toEqual([]);
    expect(findIgnoredKeys('text', { text: 1 }, schema)).toEqual([]);
    expect(findIgnoredKeys([{ x: 1 }], [{}], schema)).toEqual(['0.x']);
  });

  it('does not report keys a schema lets through: additionalProperties true or a schema, patternProperties', () => {
    expect(findIgnoredKeys({ a: 1, b: 2 }, { a: 1 }, object({ a: {} }, { additionalProperties: true }))).toEqual([]);
    expect(findIgnoredKeys({ a: 1, b: 2 }, { a: 1 }, object({ a: {} }, { additionalProperties: { type: 'number' } }))).toEqual([]);
    expect(findIgnoredKeys({ a: 1, b: 2 }, { a: 1 }, object({ a: {} }, { patternProperties: { '^b': {} } }))).toEqual([]);
    expect(findIgnoredKeys({ a: 1, b: 2 }, { a: 1 }, object({ a: {} }, { additionalProperties: false }))).toEqual(['b']);
  });

  it('follows the schema of a key that was kept into nested objects, and additionalProperties schemas into records', () => {
    const schema = object({ options: object({ hourly: {} }), tags: { type: 'object', additionalProperties: object({ label: {} }) } });
    const input = { options: { hourly: true, verbose: 1 }, tags: { first: { label: 'a', colour: 'red' } } };
    const data = { options: { hourly: true }, tags: { first: { label: 'a' } } };
    expect(findIgnoredKeys(input, data, schema)).toEqual(['options.verbose', 'tags.first.colour']);
    // Without a schema for the nested value, what was dropped still counts.
    expect(findIgnoredKeys({ free: { x: 1 } }, { free: {} }, object({}))).toEqual(['free.x']);
  });

  it('reads array items from items and prefixItems (tuples)', () => {
    const schema = object({
      pair: { type: 'array', prefixItems: [object({ first: {} }), object({ second: {} })] },
      rows: { type: 'array', items: object({ id: {} }) },
    });
    const input = {
      pair: [
        { first: 1, x: 1 },
        { second: 2, first: 9 },
      ],
      rows: [{ id: 1, note: 'n' }],
    };
    const data = { pair: [{ first: 1 }, { second: 2 }], rows: [{ id: 1 }] };
    expect(findIgnoredKeys(input, data, schema)).toEqual(['pair.0.x', 'pair.1.first', 'rows.0.note']);
  });

  it('resolves local references: $defs, definitions, the root, escaped names; ignores remote ones', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/withX' },
        b: { $ref: '#/definitions/with~1slash~0tilde' },
        self: { $ref: '#' },
        remote: { $ref: 'https://example.com/schema.json' },
        broken: { $ref: '#/$defs/missing/deeper' },
      },
      $defs: { withX: object({ x: {} }) },
      definitions: { 'with/slash~tilde': object({ y: {} }) },
    };
    const input = { a: { x: 1, drop: 1 }, b: { y: 1, x: 2 }, self: { a: 1, gone: 1 }, remote: { r: 1 }, broken: { z: 1 } };
    const data = { a: { x: 1 }, b: { y: 1 }, self: { a: 1 }, remote: {}, broken: {} };
    expect(findIgnoredKeys(input, data, schema)).toEqual(['a.drop', 'b.x', 'self.gone', 'remote.r', 'broken.z']);
  });

  it('survives a reference cycle and a union of many branches', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: { loop: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    };
    expect(findIgnoredKeys({ loop: { k: 1 } }, { loop: {} }, schema)).toEqual(['loop.k']);
    const branches = Array.from({ length: 300 }, (_, index) => object({ [`k${index}`]: {} }));
    const wide: JsonSchemaObject = { type: 'object', properties: { value: { anyOf: branches } } };
    // Branches past the walk's bound are not read: their keys count as unknown.
    expect(findIgnoredKeys({ value: { k0: 1, k299: 1 } }, { value: {} }, wide)).toEqual(['value.k299']);
  });

  it('collects at most maxIgnoredKeys paths, also across nested objects', () => {
    const inner = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`i${index}`, index]));
    const outer = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`o${index}`, index]));
    const paths = findIgnoredKeys({ nested: inner, ...outer, list: [inner] }, { nested: {}, list: [{}] }, object({}));
    expect(paths).toHaveLength(maxIgnoredKeys);
    expect(paths[0]).toBe('nested.i0');
    expect(paths.at(-1)).toBe('o39');
  });

  it('reports nothing rather than throwing when a value cannot be read', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys for you');
        },
      },
    );
    expect(findIgnoredKeys(hostile, {}, object({}))).toEqual([]);
  });
});

// A declared key that validation dropped (a transform consumed it) is never reported: only the schema can
// tell it from an ignored one. These cases drop declared keys on purpose, so each place a declaration can
// live is read for real, not only passed by.
describe('findIgnoredKeys finds declarations wherever the schema keeps them', () => {
  it('behind local references: $defs, definitions, the root, escaped names', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/withX' },
        b: { $ref: '#/definitions/with~1slash~0tilde' },
        c: { $ref: '#/definitions/with%20space' },
        self: { $ref: '#' },
      },
      $defs: { withX: object({ x: {} }) },
      definitions: { 'with/slash~tilde': object({ y: {} }), 'with space': object({ z: {} }) },
    };
    const input = { a: { x: 1, drop: 1 }, b: { y: 1, drop: 1 }, c: { z: 1, drop: 1 }, self: { a: 1, drop: 1 } };
    const data = { a: {}, b: {}, c: {}, self: {} };
    expect(findIgnoredKeys(input, data, schema)).toEqual(['a.drop', 'b.drop', 'c.drop', 'self.drop']);
  });

  it('not behind references that are not local pointers (another document, a relative path)', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: { remote: { $ref: 'other.json#/$defs/withX' }, relative: { $ref: './$defs/withX' } },
      $defs: { withX: object({ x: {} }) },
    };
    const input = { remote: { x: 1 }, relative: { x: 1 } };
    expect(findIgnoredKeys(input, { remote: {}, relative: {} }, schema)).toEqual(['remote.x', 'relative.x']);
  });

  it('in every branch of anyOf, oneOf and allOf', () => {
    const schema = object({
      any: { anyOf: [object({ p: {} }), object({ q: {} })] },
      one: { oneOf: [object({ p: {} }), object({ q: {} })] },
      all: { allOf: [object({ p: {} }), object({ q: {} })] },
    });
    const input = { any: { p: 1, q: 1, r: 1 }, one: { p: 1, q: 1, r: 1 }, all: { p: 1, q: 1, r: 1 } };
    expect(findIgnoredKeys(input, { any: {}, one: {}, all: {} }, schema)).toEqual(['any.r', 'one.r', 'all.r']);
  });

  it('in additionalProperties next to properties, for keys that properties does not name', () => {
    const schema = object({ fixed: object({ f: {} }) }, { additionalProperties: object({ label: {} }) });
    const input = { fixed: { f: 1, drop: 1 }, extra: { label: 1, drop: 1 } };
    expect(findIgnoredKeys(input, { fixed: {}, extra: {} }, schema)).toEqual(['fixed.drop', 'extra.drop']);
  });

  it('in array items, tuple prefixItems, and items after the tuple', () => {
    const schema = object({
      rows: { type: 'array', items: object({ id: {} }) },
      pair: { type: 'array', prefixItems: [object({ first: {} })], items: object({ rest: {} }) },
      listed: { $ref: '#/$defs/list' },
    });
    const withDefs: JsonSchemaObject = { ...schema, $defs: { list: { type: 'array', items: object({ id: {} }) } } };
    const input = {
      rows: [{ id: 1, drop: 1 }],
      pair: [
        { first: 1, drop: 1 },
        { rest: 1, drop: 1 },
      ],
      listed: [{ id: 1, drop: 1 }],
    };
    const data = { rows: [{}], pair: [{}, {}], listed: [{}] };
    expect(findIgnoredKeys(input, data, withDefs)).toEqual(['rows.0.drop', 'pair.0.drop', 'pair.1.drop', 'listed.0.drop']);
  });

  it('in the first 200 branches of a wide union, not past them', () => {
    const branches = Array.from({ length: 300 }, (_, index) => object({ [`k${index}`]: {} }));
    const wide: JsonSchemaObject = { type: 'object', properties: { value: { anyOf: branches } } };
    expect(findIgnoredKeys({ value: { k0: 1, k199: 1, k200: 1 } }, { value: {} }, wide)).toEqual(['value.k200']);
  });

  it('reports nothing at all, not a part, when a value deeper down cannot be read', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys for you');
        },
      },
    );
    expect(findIgnoredKeys({ first: 1, nested: hostile }, { nested: {} }, object({}))).toEqual([]);
  });

  it('goes on past a key whose validated value is null', () => {
    expect(findIgnoredKeys({ nested: { x: 1 }, extra: 1 }, { nested: null }, object({ nested: {} }))).toEqual(['extra']);
  });
});
