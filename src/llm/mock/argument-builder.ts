// Fills a tool's arguments from its JSON Schema and the user's message: an enum value the message
// mentions (a different one for each field when it names two), numbers within the field's range, a value
// in the field's format, quoted text and proper nouns for names, the request's own phrase for free text;
// what the message does not supply comes from the shared sampler (defaults, examples, then a value built
// to fit the pattern, format and bounds). Nothing is offered that the schema would reject. Required fields
// are always filled; optional ones only when the message speaks of them.
import type { JsonSchemaObject } from '../../core/index.ts';
import { enumFallback, enumFromMessage } from './enum-choice.ts';
import { fitsSchema, resolveSchema as resolve, sampleValue, type Schema } from './schema-sample.ts';
import type { Carried, Pools } from './argument-pools.ts';
import { stringFor } from './string-argument.ts';
import { keywords, numbersIn, properNouns, quotedPhrases, stem, words } from './words.ts';

export type { Carried } from './argument-pools.ts';

interface Filled {
  value: unknown;
  /** The value came from the message (not a default or a placeholder). */
  fromMessage: boolean;
}

/** What the message did not supply: the same value "Generate sample arguments" would use. */
const sampled = (schema: Schema, name: string): Filled => ({ value: sampleValue(schema, name), fromMessage: false });

function mentioned(pools: Pools, name: string): boolean {
  return [...keywords(name)].some((word) => pools.messageWords.has(word));
}

const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A number from the message, moved inside the field's range (bounds, exclusive bounds, integer, step). */
function numberFor(schema: Schema, name: string, pools: Pools): Filled {
  const taken = pools.numbers.shift();
  if (taken === undefined) return sampled(schema, name);
  const integer = schema.type === 'integer';
  const nudge = integer ? 1 : 1e-6;
  const low = Math.max(finite(schema.minimum) ?? -Infinity, (finite(schema.exclusiveMinimum) ?? -Infinity) + nudge);
  const high = Math.min(finite(schema.maximum) ?? Infinity, (finite(schema.exclusiveMaximum) ?? Infinity) - nudge);
  let value = Math.min(Math.max(integer ? Math.round(taken) : taken, low), high);
  const step = finite(schema.multipleOf);
  if (step !== undefined && step > 0) value = Math.round(value / step) * step;
  return fitsSchema(value, schema) ? { value, fromMessage: true } : sampled(schema, name);
}

function enumFor(schema: Schema, name: string, pools: Pools): Filled {
  const options = schema.enum as unknown[];
  const hit = enumFromMessage(options, name, pools.message, pools.takenOptions);
  if (hit !== undefined) {
    pools.takenOptions.add(hit);
    return { value: hit, fromMessage: true };
  }
  return { value: enumFallback(options, schema.default, pools.takenOptions), fromMessage: false };
}

function valueFor(raw: Schema, name: string, pools: Pools): Filled {
  const schema = resolve(raw);
  if (schema.const !== undefined) return { value: schema.const, fromMessage: true };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return enumFor(schema, name, pools);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return numberFor(schema, name, pools);
    case 'boolean':
      return mentioned(pools, name) ? { value: true, fromMessage: true } : { value: schema.default ?? false, fromMessage: false };
    case 'array': {
      const item = valueFor((schema.items as Schema | undefined) ?? {}, name, pools);
      const value = [item.value];
      // More than one item required: the rest are samples, so the call still passes validation.
      return fitsSchema(value, schema) ? { value, fromMessage: item.fromMessage } : sampled(schema, name);
    }
    case 'object':
      return { value: objectFor(schema, pools), fromMessage: true };
    case 'string': {
      const filled = stringFor(schema, name, pools);
      return filled ?? sampled(schema, name);
    }
    default:
      return { value: schema.default ?? null, fromMessage: false };
  }
}

function objectFor(schema: Schema, pools: Pools): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name)) {
      result[name] = valueFor(property, name, pools).value;
      continue;
    }
    // An optional field is filled only when the message speaks of it; trial on a copy so a miss consumes nothing.
    const trial: Pools = { ...pools, strings: [...pools.strings], numbers: [...pools.numbers], takenOptions: new Set(pools.takenOptions) };
    const filled = valueFor(property, name, trial);
    const resolved = resolve(property);
    const needsItsName = resolved.enum === undefined && ['string', 'number', 'integer'].includes(String(resolved.type));
    if (filled.fromMessage && (!needsItsName || mentioned(pools, name))) {
      result[name] = filled.value;
      Object.assign(pools, { strings: trial.strings, numbers: trial.numbers, takenOptions: trial.takenOptions });
    }
  }
  return result;
}

/** Every enum value anywhere in the schema's fields: they are choices, not names to give a text field. */
function enumValues(schema: JsonSchemaObject): Set<string> {
  const values = new Set<string>();
  for (const property of Object.values((schema.properties ?? {}) as Record<string, Schema>)) {
    const resolved = resolve(property);
    const options = (resolved.enum ?? resolve((resolved.items as Schema | undefined) ?? {}).enum) as unknown[] | undefined;
    for (const option of options ?? []) if (typeof option === 'string') values.add(option.toLowerCase());
  }
  return values;
}

/** The first required free-text field: a message naming several things ("Paris and London") fans out on it. */
function fanOutField(schema: JsonSchemaObject): string | undefined {
  const required = new Set(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).find(([name, property]) => {
    const resolved = resolve(property);
    return (
      required.has(name) &&
      resolved.type === 'string' &&
      resolved.enum === undefined &&
      resolved.format === undefined &&
      resolved.const === undefined
    );
  })?.[0];
}

/** Whether the names come as a list in the message ("Paris and New York", "Oslo, Rome or Lima"), not apart. */
function listed(message: string, names: readonly string[]): boolean {
  const positions = names.map((name) => ({ name, at: message.indexOf(name) }));
  return positions.every((entry, index) => {
    if (index === 0) return entry.at >= 0;
    const previous = positions[index - 1] as { name: string; at: number };
    const between = message.slice(previous.at + previous.name.length, entry.at);
    return entry.at >= 0 && /^\s*(,|and|or|&|vs\.?|versus|, and|, or)\s*$/i.test(between);
  });
}

/** One arguments object per call to make: several when the message lists several values for the main field. */
export function buildArguments(schema: JsonSchemaObject, message: string, maximumCalls = 3, carried?: Carried): Record<string, unknown>[] {
  const choices = enumValues(schema);
  const quoted = quotedPhrases(message);
  const candidates = (quoted.length > 0 ? quoted : properNouns(message)).filter((candidate) => !choices.has(candidate.toLowerCase()));
  const pools = (strings: string[]): Pools => ({
    message,
    messageWords: new Set(words(message).map(stem)),
    strings,
    numbers: numbersIn(message),
    takenOptions: new Set(),
    ...(carried ? { carried } : {}),
  });
  const field = fanOutField(schema);
  if (field === undefined || candidates.length < 2 || !listed(message, candidates)) return [objectFor(schema, pools(candidates))];
  return candidates.slice(0, maximumCalls).map((candidate) => ({ ...objectFor(schema, pools([])), [field]: candidate }));
}
