// Whether a value meets a JSON Schema's own constraints: the checks a sample value (a default, an example
// from a description, a word from the user's message) must pass before it is offered as an argument.
// Only the keywords `z.toJSONSchema` emits for tool parameters; objects are checked one level deep.
import { untrustedPattern } from '../../core/index.ts';

export type Schema = Record<string, unknown>;

const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** anyOf inside anyOf this deep is no schema a person wrote; a hostile server's chain stops here. */
const maxVariantNesting = 32;

/** The first variant of anyOf/oneOf that is not `null` (an optional or nullable field), else the schema. */
export function resolveSchema(schema: Schema, nesting = 0): Schema {
  const variants = (schema.anyOf ?? schema.oneOf) as unknown;
  if (!Array.isArray(variants) || variants.length === 0 || nesting >= maxVariantNesting) return schema;
  const chosen = (variants as Schema[]).find((variant) => variant && variant.type !== 'null') ?? (variants[0] as Schema);
  return resolveSchema(chosen ?? {}, nesting + 1);
}

/** The type the schema asks for (the non-null one of a type list). */
export function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((entry) => entry !== 'null') as string | undefined;
  return typeof type === 'string' ? type : undefined;
}

const formats: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S+$/i,
  url: /^https?:\/\/\S+$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
};

function stringFits(value: string, schema: Schema): boolean {
  const length = [...value].length;
  if (length < (number(schema.minLength) ?? 0) || length > (number(schema.maxLength) ?? Infinity)) return false;
  // In linear time (the schema may be hostile, issue 28); a pattern RE2 cannot read cannot be met here.
  if (typeof schema.pattern === 'string' && !untrustedPattern(schema.pattern)?.test(value)) return false;
  const format = typeof schema.format === 'string' ? formats[schema.format] : undefined;
  return !format || format.test(value);
}

function numberFits(value: number, schema: Schema, integer: boolean): boolean {
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) return false;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (number(minimum) !== undefined && value < (minimum as number)) return false;
  if (number(maximum) !== undefined && value > (maximum as number)) return false;
  if (number(exclusiveMinimum) !== undefined && value <= (exclusiveMinimum as number)) return false;
  if (number(exclusiveMaximum) !== undefined && value >= (exclusiveMaximum as number)) return false;
  const step = number(multipleOf);
  return step === undefined || step <= 0 || Math.abs(value / step - Math.round(value / step)) < 1e-9;
}

/** Whether `value` satisfies `schema` (types, enum, const, lengths, pattern, format, bounds, item counts). */
export function fitsSchema(value: unknown, raw: Schema): boolean {
  const schema = resolveSchema(raw);
  if ('const' in schema) return Object.is(schema.const, value);
  if (Array.isArray(schema.enum)) return schema.enum.some((option) => Object.is(option, value));
  switch (typeOf(schema)) {
    case 'string':
      return typeof value === 'string' && stringFits(value, schema);
    case 'integer':
    case 'number':
      return typeof value === 'number' && numberFits(value, schema, typeOf(schema) === 'integer');
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array': {
      if (!Array.isArray(value)) return false;
      if (value.length < (number(schema.minItems) ?? 0) || value.length > (number(schema.maxItems) ?? Infinity)) return false;
      const items = (schema.items ?? {}) as Schema;
      return value.every((item) => fitsSchema(item, items));
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return required.every((key) => key in value);
    }
    default:
      return true;
  }
}
