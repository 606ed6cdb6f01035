// `enum` and `const` as zod. A primitive is a literal; an object or array is the exact shape of that value
// (a strict object of literals, a tuple of literals), which is JSON Schema's deep equality: key order does
// not matter, 1 equals 1.0, and false is not 0.
import type { JsonPath } from '../../llm/index.ts';
import type { PrintContext } from './print-context.ts';
import { isJsonObject } from './schema-keywords.ts';
import { literal, propertyName } from './zod-literals.ts';

const isPrimitive = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Exactly this JSON value; `operand`: one part of `.and()` (see print-object.ts on strictObject there). */
export function valueSchema(value: unknown, path: JsonPath, context: PrintContext, operand = false): string {
  if (isPrimitive(value)) return `z.literal(${literal(value)})`;
  if (Array.isArray(value)) return `z.tuple([${value.map((item) => valueSchema(item, path, context)).join(', ')}])`;
  if (isJsonObject(value)) {
    const entries = Object.entries(value);
    if (entries.some(([key]) => key === '__proto__'))
      context.notes.push({
        path,
        keyword: 'const',
        severity: 'warning',
        message: 'a value with a "__proto__" key: zod skips that key, so it is not compared',
      });
    const body = `{ ${entries.map(([key, item]) => `${propertyName(key)}: ${valueSchema(item, path, context)}`).join(', ')} }`;
    if (!operand) return `z.strictObject(${body})`;
    return `z.looseObject(${body}).superRefine(${context.helper('onlyKeys')}(${literal(entries.map(([key]) => key))}))`;
  }
  context.notes.push({ path, keyword: 'const', severity: 'error', message: 'not a JSON value' });
  return 'z.never()';
}

/** One of these JSON values: `z.enum` for strings, one `z.literal` for primitives, a union otherwise. */
export function valuesSchema(values: readonly unknown[], path: JsonPath, context: PrintContext, operand = false): string {
  if (values.length === 0) return 'z.never()';
  if (values.length === 1) return valueSchema(values[0], path, context, operand);
  if (values.every((value) => typeof value === 'string')) return `z.enum(${literal(values)})`;
  if (values.every(isPrimitive)) return `z.literal(${literal(values)})`;
  return `z.union([${values.map((value, index) => valueSchema(value, [...path, index], context, operand)).join(', ')}])`;
}

/** Whether a value is of a JSON Schema type (so `{"type": "string", "enum": […]}` needs no `z.string()` beside it). */
export function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isJsonObject(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/**
 * Whether a node's `default` becomes zod's `.default()`, which fills a missing value: not for a required
 * property (it would make it optional), nor for a default of the wrong type (the tool would get a value
 * its schema forbids). Otherwise the default is kept as metadata.
 */
export function zodDefaultApplies(node: Record<string, unknown>, required: boolean): boolean {
  if (!Object.hasOwn(node, 'default') || required) return false;
  const types = node.type === undefined ? [] : [node.type].flat().map(String);
  return types.length === 0 || types.some((type) => isOfType(node.default, type));
}
