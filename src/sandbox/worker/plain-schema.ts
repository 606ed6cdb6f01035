import {
  plainSchemaLimits,
  type PlainLengthCheck,
  type PlainSchema,
  type PlainBound,
  type PlainLiteral,
} from '../protocol/plain-schema.ts';

// Describes a loaded zod schema as plain data (protocol/plain-schema.ts) when every node is one the
// host can rebuild exactly; otherwise undefined, and every validation goes to this worker as before.
// Nodes are recognised by their constructor's name (zod sets it, minifiers keep it): `def.type` alone
// is not enough (`exactOptional` is an "optional" with another rule). Reading the schema runs no user
// code except getters of a shape (recursive schemas), whose errors make the schema "not plain".

interface ZodLike {
  constructor: { name: string };
  _zod: { def: Record<string, unknown> };
}

/** What a position forbids: a default under an optional (or an undefined-accepting node under a default) changes what `undefined` parses to. */
interface Position {
  underOptional: boolean;
  underDefault: boolean;
}

const top: Position = { underOptional: false, underDefault: false };

class NotPlain extends Error {}

export function describePlainSchema(schema: unknown): PlainSchema | undefined {
  const budget = { nodes: 0 };
  try {
    return describe(schema, top, 1, budget);
  } catch {
    return undefined;
  }
}

function describe(schema: unknown, position: Position, depth: number, budget: { nodes: number }): PlainSchema {
  if (depth > plainSchemaLimits.maxDepth || ++budget.nodes > plainSchemaLimits.maxNodes) throw new NotPlain();
  const node = asZod(schema);
  const def = node._zod.def;
  const name = node.constructor.name;
  const checks = Array.isArray(def.checks) ? (def.checks as unknown[]).map(asZod) : [];
  if (def.coerce) throw new NotPlain();
  const fresh: Position = { underOptional: false, underDefault: false };
  switch (name) {
    case 'ZodString':
      if (def.format !== undefined) throw new NotPlain();
      return { kind: 'string', lengths: checks.map(lengthCheck) };
    case 'ZodNumber':
    case 'ZodNumberFormat':
      return numberOf(def, checks);
    case 'ZodBoolean':
      return noChecks(checks, { kind: 'boolean' });
    case 'ZodNull':
      return noChecks(checks, { kind: 'null' });
    case 'ZodUnknown':
    case 'ZodAny':
      if (position.underDefault) throw new NotPlain();
      return noChecks(checks, { kind: 'unknown' });
    case 'ZodLiteral':
      return noChecks(checks, { kind: 'literal', values: literals(def.values) });
    case 'ZodEnum':
      return noChecks(checks, { kind: 'enum', entries: enumEntries(def.entries) });
    case 'ZodArray':
      return { kind: 'array', element: describe(def.element, fresh, depth + 1, budget), lengths: checks.map(lengthCheck) };
    case 'ZodObject': {
      noChecks(checks, undefined);
      const shape = def.shape as Record<string, unknown>;
      if (typeof shape !== 'object' || shape === null) throw new NotPlain();
      const entries: [string, PlainSchema][] = Object.keys(shape).map((key) => [key, describe(shape[key], fresh, depth + 1, budget)]);
      return { kind: 'object', shape: entries, unknownKeys: unknownKeysOf(def.catchall) };
    }
    case 'ZodOptional':
      if (position.underDefault) throw new NotPlain();
      return noChecks(checks, {
        kind: 'optional',
        inner: describe(def.innerType, { ...position, underOptional: true }, depth + 1, budget),
      });
    case 'ZodNullable':
      return noChecks(checks, { kind: 'nullable', inner: describe(def.innerType, position, depth + 1, budget) });
    case 'ZodDefault':
      if (position.underOptional) throw new NotPlain();
      return noChecks(checks, { kind: 'default', inner: describe(def.innerType, { ...position, underDefault: true }, depth + 1, budget) });
    default:
      throw new NotPlain();
  }
}

function asZod(value: unknown): ZodLike {
  const zod = (value as { _zod?: { def?: unknown } } | null | undefined)?._zod;
  if (typeof value !== 'object' || value === null || typeof zod?.def !== 'object' || zod.def === null) throw new NotPlain();
  return value as ZodLike;
}

function noChecks<Described>(checks: ZodLike[], described: Described): Described {
  if (checks.length > 0) throw new NotPlain();
  return described;
}

function lengthCheck(check: ZodLike): PlainLengthCheck {
  const def = check._zod.def;
  switch (check.constructor.name) {
    case '$ZodCheckMinLength':
      return { check: 'min', value: finite(def.minimum) };
    case '$ZodCheckMaxLength':
      return { check: 'max', value: finite(def.maximum) };
    case '$ZodCheckLengthEquals':
      return { check: 'exact', value: finite(def.length) };
    default:
      throw new NotPlain();
  }
}

function numberOf(def: Record<string, unknown>, checks: ZodLike[]): PlainSchema {
  // z.int() is itself a format; z.number().int() carries it as a check.
  let int = false;
  if (def.format !== undefined) {
    if (def.format !== 'safeint') throw new NotPlain();
    int = true;
  }
  const bounds: PlainBound[] = [];
  const multipleOf: number[] = [];
  for (const check of checks) {
    const checkDef = check._zod.def;
    switch (check.constructor.name) {
      case 'ZodNumberFormat':
        if (checkDef.format !== 'safeint') throw new NotPlain();
        int = true;
        break;
      case '$ZodCheckGreaterThan':
        bounds.push({ side: 'min', value: finite(checkDef.value), inclusive: checkDef.inclusive === true });
        break;
      case '$ZodCheckLessThan':
        bounds.push({ side: 'max', value: finite(checkDef.value), inclusive: checkDef.inclusive === true });
        break;
      case '$ZodCheckMultipleOf':
        multipleOf.push(finite(checkDef.value));
        break;
      default:
        throw new NotPlain();
    }
  }
  return { kind: 'number', int, bounds, multipleOf };
}

function finite(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new NotPlain();
  return value;
}

function literals(values: unknown): PlainLiteral[] {
  if (!Array.isArray(values) || values.length === 0) throw new NotPlain();
  return values.map((value: unknown) => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    throw new NotPlain();
  });
}

function enumEntries(entries: unknown): [string, string | number][] {
  if (typeof entries !== 'object' || entries === null) throw new NotPlain();
  return Object.entries(entries).map(([key, value]) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return [key, value];
    throw new NotPlain();
  });
}

function unknownKeysOf(catchall: unknown): 'strip' | 'strict' | 'loose' {
  if (catchall === undefined) return 'strip';
  const node = asZod(catchall);
  if (node._zod.def.checks !== undefined && (node._zod.def.checks as unknown[]).length > 0) throw new NotPlain();
  if (node.constructor.name === 'ZodNever') return 'strict';
  if (node.constructor.name === 'ZodUnknown') return 'loose';
  throw new NotPlain();
}
