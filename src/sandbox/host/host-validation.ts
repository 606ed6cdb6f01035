import { z } from 'zod';
import { plainSchemaLimits } from '../protocol/plain-schema.ts';

// The host's copy of a plain tool schema (protocol/plain-schema.ts), rebuilt with the host's own zod
// from what the schema worker described. The description comes from a worker, so it is read as
// untrusted: anything unexpected (or too big, or too deep) gives no copy, and validation keeps going to
// the worker. The copy runs only zod's built-in checks, none of which is user code (no regex either: a
// pattern could backtrack for seconds on the page's thread), and is only trusted when it says "valid".

class Unreadable extends Error {}

export function hostSchemaOf(plain: unknown): z.ZodType | undefined {
  if (plain === undefined) return undefined;
  try {
    return build(plain, 1, { nodes: 0 });
  } catch {
    return undefined;
  }
}

type Node = Record<string, unknown>;

function build(value: unknown, depth: number, budget: { nodes: number }): z.ZodType {
  if (depth > plainSchemaLimits.maxDepth || ++budget.nodes > plainSchemaLimits.maxNodes) throw new Unreadable();
  const node = record(value);
  switch (node.kind) {
    case 'string':
      return withLengths(z.string(), node.lengths);
    case 'number': {
      let schema = node.int === true ? z.int() : z.number();
      if (node.int !== true && node.int !== false) throw new Unreadable();
      for (const bound of list(node.bounds)) {
        const { side, value: limit, inclusive } = record(bound);
        const at = finite(limit);
        if (typeof inclusive !== 'boolean') throw new Unreadable();
        if (side === 'min') schema = inclusive ? schema.gte(at) : schema.gt(at);
        else if (side === 'max') schema = inclusive ? schema.lte(at) : schema.lt(at);
        else throw new Unreadable();
      }
      for (const step of list(node.multipleOf)) schema = schema.multipleOf(finite(step));
      return schema;
    }
    case 'boolean':
      return z.boolean();
    case 'null':
      return z.null();
    case 'unknown':
      return z.unknown();
    case 'literal': {
      const values = list(node.values).map((literal) => {
        if (literal === null || typeof literal === 'string' || typeof literal === 'boolean') return literal;
        return finite(literal);
      });
      if (values.length === 0) throw new Unreadable();
      return z.literal(values);
    }
    case 'enum': {
      const entries = list(node.entries).map((entry) => {
        const [key, member] = list(entry);
        if (typeof key !== 'string' || (typeof member !== 'string' && typeof member !== 'number')) throw new Unreadable();
        return [key, typeof member === 'number' ? finite(member) : member] as const;
      });
      if (entries.length === 0) throw new Unreadable();
      return z.enum(Object.fromEntries(entries));
    }
    case 'array':
      return withLengths(z.array(build(node.element, depth + 1, budget)), node.lengths);
    case 'object': {
      const shape: Record<string, z.ZodType> = {};
      for (const entry of list(node.shape)) {
        const [key, inner] = list(entry);
        if (typeof key !== 'string' || Object.hasOwn(shape, key)) throw new Unreadable();
        Object.defineProperty(shape, key, { value: build(inner, depth + 1, budget), enumerable: true, writable: true, configurable: true });
      }
      if (node.unknownKeys === 'strip') return z.object(shape);
      if (node.unknownKeys === 'strict') return z.strictObject(shape);
      if (node.unknownKeys === 'loose') return z.looseObject(shape);
      throw new Unreadable();
    }
    case 'optional':
      return build(node.inner, depth + 1, budget).optional();
    case 'nullable':
      return build(node.inner, depth + 1, budget).nullable();
    case 'default': {
      // The inner schema refuses undefined (see PlainSchema): a value left out is the worker's to default.
      const inner = build(node.inner, depth + 1, budget);
      if (inner.safeParse(undefined).success) throw new Unreadable();
      return inner;
    }
    default:
      throw new Unreadable();
  }
}

function withLengths<Schema extends z.ZodString | z.ZodArray<z.ZodType>>(schema: Schema, lengths: unknown): Schema {
  let built = schema;
  for (const length of list(lengths)) {
    const { check, value } = record(length);
    const at = finite(value);
    if (check === 'min') built = built.min(at) as Schema;
    else if (check === 'max') built = built.max(at) as Schema;
    else if (check === 'exact') built = built.length(at) as Schema;
    else throw new Unreadable();
  }
  return built;
}

function record(value: unknown): Node {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Unreadable();
  return value as Node;
}

function list(value: unknown): unknown[] {
  if (!Array.isArray(value) || value.length > plainSchemaLimits.maxNodes) throw new Unreadable();
  return value;
}

function finite(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unreadable();
  return value;
}
