// The zod expression for one JSON Schema type (string, number, object, array, …) of a node.
import type { JsonPath } from '../../llm/index.ts';
import { isJsonObject, type Keywords, type SchemaNote } from './schema-keywords.ts';
import { stringBase } from './string-formats.ts';
import { indentLines, literal, propertyName, regexLiteral } from './zod-literals.ts';

export interface PrintContext {
  notes: SchemaNote[];
  print(node: unknown, path: JsonPath, depth: number): string;
}

/** zod's `.int()` writes these bounds itself; a schema that carries them needs no `.min`/`.max`. */
const safeIntegerBounds = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

function printString(keywords: Keywords, path: JsonPath, context: PrintContext): string {
  const format = keywords.take('format');
  const pattern = keywords.take('pattern');
  const base = stringBase(format, pattern);
  let expression = base.source;
  if (!base.formatHandled) {
    context.notes.push({
      path: [...path, 'format'],
      keyword: 'format',
      severity: 'warning',
      message: `format "${String(format)}" is not checked: kept as metadata only`,
    });
    expression += `.meta({ format: ${literal(format)} })`;
  }
  const minLength = keywords.take('minLength');
  const maxLength = keywords.take('maxLength');
  if (typeof minLength === 'number') expression += `.min(${minLength})`;
  if (typeof maxLength === 'number') expression += `.max(${maxLength})`;
  if (typeof pattern === 'string' && !base.patternHandled) {
    try {
      new RegExp(pattern);
      expression += `.regex(${regexLiteral(pattern)})`;
    } catch (error) {
      context.notes.push({
        path: [...path, 'pattern'],
        keyword: 'pattern',
        severity: 'error',
        message: `pattern is not a valid regular expression (${(error as Error).message})`,
      });
    }
  }
  return expression;
}

function printNumber(type: 'number' | 'integer', keywords: Keywords): string {
  let expression = type === 'integer' ? 'z.number().int()' : 'z.number()';
  const minimum = keywords.take('minimum');
  const maximum = keywords.take('maximum');
  const exclusiveMinimum = keywords.take('exclusiveMinimum');
  const exclusiveMaximum = keywords.take('exclusiveMaximum');
  const multipleOf = keywords.take('multipleOf');
  const isDefault = (value: unknown, bound: number) => type === 'integer' && value === bound;
  // Draft 4 wrote `exclusiveMinimum: true` beside `minimum`.
  if (typeof minimum === 'number' && !isDefault(minimum, safeIntegerBounds.minimum))
    expression += exclusiveMinimum === true ? `.gt(${minimum})` : `.min(${minimum})`;
  if (typeof maximum === 'number' && !isDefault(maximum, safeIntegerBounds.maximum))
    expression += exclusiveMaximum === true ? `.lt(${maximum})` : `.max(${maximum})`;
  if (typeof exclusiveMinimum === 'number') expression += `.gt(${exclusiveMinimum})`;
  if (typeof exclusiveMaximum === 'number') expression += `.lt(${exclusiveMaximum})`;
  if (typeof multipleOf === 'number') expression += `.multipleOf(${multipleOf})`;
  return expression;
}

function printObject(keywords: Keywords, path: JsonPath, depth: number, context: PrintContext): string {
  const properties = keywords.take('properties');
  const required = keywords.take('required');
  const additional = keywords.take('additionalProperties');
  // Only `{"type": "string"}` gets here (a record); any other propertyNames went to z.fromJSONSchema.
  keywords.take('propertyNames');
  const requiredKeys = new Set(Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : []);
  const shape = isJsonObject(properties) ? properties : {};
  const entries = Object.entries(shape).map(([key, property]) => {
    const printed = context.print(property, [...path, 'properties', key], depth + 1);
    // A default makes the field optional for the model already (zod's `.default`).
    const optional = requiredKeys.has(key) || (isJsonObject(property) && Object.hasOwn(property, 'default')) ? '' : '.optional()';
    return `  ${propertyName(key)}: ${indentLines(printed, 1)}${optional},`;
  });
  for (const key of requiredKeys)
    if (!Object.hasOwn(shape, key)) {
      context.notes.push({
        path: [...path, 'required'],
        keyword: 'required',
        severity: 'warning',
        message: `"${key}" is required but has no schema: any value is accepted`,
      });
      entries.push(`  ${propertyName(key)}: z.unknown(),`);
    }
  const body = entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n}`;
  if (additional === false) return `z.strictObject(${body})`;
  if (additional === true || (isJsonObject(additional) && Object.keys(additional).length === 0)) return `z.looseObject(${body})`;
  if (additional === undefined) return `z.object(${body})`;
  const rest = context.print(additional, [...path, 'additionalProperties'], depth);
  if (entries.length === 0 && !keywords.has('properties')) return `z.record(z.string(), ${rest})`;
  return `z.object(${body}).catchall(${rest})`;
}

function printArray(keywords: Keywords, path: JsonPath, depth: number, context: PrintContext): string {
  const items = keywords.take('items');
  const prefixItems = keywords.take('prefixItems');
  const minItems = keywords.take('minItems');
  const maxItems = keywords.take('maxItems');
  if (Array.isArray(prefixItems)) {
    const elements = prefixItems.map((item, index) => context.print(item, [...path, 'prefixItems', index], depth));
    return `z.tuple([${elements.join(', ')}])`;
  }
  let expression = `z.array(${items === undefined ? 'z.unknown()' : context.print(items, [...path, 'items'], depth)})`;
  if (typeof minItems === 'number') expression += `.min(${minItems})`;
  if (typeof maxItems === 'number') expression += `.max(${maxItems})`;
  return expression;
}

export function printType(type: string, keywords: Keywords, path: JsonPath, depth: number, context: PrintContext): string {
  switch (type) {
    case 'string':
      return printString(keywords, path, context);
    case 'number':
    case 'integer':
      return printNumber(type, keywords);
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'object':
      return printObject(keywords, path, depth, context);
    case 'array':
      return printArray(keywords, path, depth, context);
    default:
      context.notes.push({ path: [...path, 'type'], keyword: 'type', severity: 'error', message: `unknown type "${type}"` });
      return 'z.unknown()';
  }
}
