// "Generate sample arguments" and "Break them": valid and deliberately invalid arguments built from a
// tool's JSON Schema, so a learner can watch validation pass and fail without typing JSON.
type JsonSchema = Record<string, unknown>;

const asSchema = (value: unknown): JsonSchema => (value && typeof value === 'object' ? (value as JsonSchema) : {});

function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((entry) => entry !== 'null') as string | undefined;
  return type as string | undefined;
}

/** A value that satisfies `schema`: defaults and examples first, then the simplest value of the type. */
export function sampleValue(schema: JsonSchema, name = 'value'): unknown {
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) return sampleValue(asSchema(variants[0]), name);
  switch (typeOf(schema)) {
    case 'object':
      return sampleObject(schema);
    case 'array': {
      const minItems = typeof schema.minItems === 'number' ? schema.minItems : 1;
      return Array.from({ length: Math.max(1, minItems) }, () => sampleValue(asSchema(schema.items), name));
    }
    case 'integer':
    case 'number': {
      const minimum = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
      if (typeof minimum === 'number') return schema.exclusiveMinimum !== undefined ? minimum + 1 : minimum;
      return typeof schema.maximum === 'number' ? Math.min(1, schema.maximum) : 1;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema, name);
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  switch (schema.format) {
    case 'email':
      return 'ada@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com';
    case 'date':
      return '2026-01-15';
    case 'date-time':
      return '2026-01-15T09:30:00Z';
    case 'uuid':
      return '123e4567-e89b-42d3-a456-426614174000';
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const text = `example ${name}`;
  return text.length >= minLength ? text : text.padEnd(minLength, 'x');
}

function sampleObject(schema: JsonSchema): Record<string, unknown> {
  const properties = asSchema(schema.properties);
  const result: Record<string, unknown> = {};
  for (const [key, propertySchema] of Object.entries(properties)) result[key] = sampleValue(asSchema(propertySchema), key);
  return result;
}

/**
 * Arguments that break the schema in the ways models really do: a required field missing, a field of
 * the wrong type, an enum value that does not exist, and an unexpected extra field.
 */
export function brokenArguments(schema: JsonSchema): Record<string, unknown> {
  const valid = sampleObject(schema);
  const properties = Object.entries(asSchema(schema.properties));
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const broken: Record<string, unknown> = { ...valid };
  const missing = properties.find(([key]) => required.has(key));
  if (missing) delete broken[missing[0]];
  for (const [key, property] of properties) {
    if (key === missing?.[0]) continue;
    const propertySchema = asSchema(property);
    if (Array.isArray(propertySchema.enum)) broken[key] = 'not_one_of_the_choices';
    else broken[key] = typeOf(propertySchema) === 'string' ? 42 : 'a string where a value of another type belongs';
  }
  broken.unexpected_field = true;
  return broken;
}
