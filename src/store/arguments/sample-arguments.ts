// "Generate sample arguments" and "Break them": valid and deliberately invalid arguments built from a
// tool's JSON Schema, so a learner can watch validation pass and fail without typing JSON. The valid
// ones come from the same sampler as the free-form mock model's (src/llm/mock/schema-sample.ts).
import { fitsSchema, resolveSchema, sampleObject, sampleValue, typeOf } from '../../llm/index.ts';

type JsonSchema = Record<string, unknown>;

export { sampleValue };

const asSchema = (value: unknown): JsonSchema => (value && typeof value === 'object' ? (value as JsonSchema) : {});

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
    const propertySchema = resolveSchema(asSchema(property));
    if (Array.isArray(propertySchema.enum)) broken[key] = 'not_one_of_the_choices';
    else broken[key] = typeOf(propertySchema) === 'string' ? 42 : 'a string where a value of another type belongs';
  }
  broken.unexpected_field = true;
  return broken;
}

/**
 * Test-call arguments written for an earlier schema: the names of the fields that are missing, unknown
 * or no longer fit (an edit renamed `city` to `location`, or tightened a length). Empty when they still fit
 * or cannot be read as a JSON object (the editor already says so).
 */
export function staleArgumentFields(argumentsText: string, schema: JsonSchema): string[] {
  let value: unknown;
  try {
    value = JSON.parse(argumentsText.trim() === '' ? '{}' : argumentsText);
  } catch {
    return [];
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const given = value as Record<string, unknown>;
  const properties = asSchema(schema.properties);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const missing = required.filter((key) => !(key in given));
  const unknown = Object.keys(given).filter((key) => !(key in properties));
  const misfit = Object.keys(given).filter((key) => key in properties && !fitsSchema(given[key], asSchema(properties[key])));
  return [...missing, ...unknown, ...misfit];
}
