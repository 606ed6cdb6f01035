// Fills a tool's arguments from its JSON Schema and the user's message: an enum value the message
// mentions, numbers, quoted text and proper nouns from the message; what the message does not supply
// comes from the shared sampler (defaults, examples, then a realistic value that fits the constraints).
// Required fields are always filled; optional ones only when the message supplies them.
import type { JsonSchemaObject } from '../../core/index.ts';
import { fitsSchema, resolveSchema as resolve, sampleValue, type Schema } from './schema-sample.ts';
import { arithmeticIn, contentWords, keywords, numbersIn, properNouns, quotedPhrases, stem, words } from './words.ts';

interface Pools {
  message: string;
  messageWords: Set<string>;
  strings: string[];
  numbers: number[];
  /** Message words left once tool-name words are removed: the "topic" of a free-text field. */
  freeText: string;
}

interface Filled {
  value: unknown;
  /** The value came from the message (not a default or a placeholder). */
  fromMessage: boolean;
}

function fallback(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

/** What the message did not supply: the same value "Generate sample arguments" would use. */
const sampled = (schema: Schema, name: string): Filled => ({ value: sampleValue(schema, name), fromMessage: false });

function mentioned(pools: Pools, name: string): boolean {
  return [...keywords(name)].some((word) => pools.messageWords.has(word));
}

function numberFor(schema: Schema, name: string, pools: Pools): Filled {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const taken = pools.numbers.shift();
  if (taken !== undefined) {
    let value = schema.type === 'integer' ? Math.round(taken) : taken;
    if (minimum !== undefined) value = Math.max(minimum, value);
    if (maximum !== undefined) value = Math.min(maximum, value);
    return { value, fromMessage: true };
  }
  return sampled(schema, name);
}

function stringFor(schema: Schema, name: string, pools: Pools): Filled {
  const format = schema.format;
  const patterns: Record<string, RegExp> = {
    email: /[\w.+-]+@[\w-]+\.[\w.-]+/,
    uri: /https?:\/\/\S+/,
    url: /https?:\/\/\S+/,
    date: /\d{4}-\d{2}-\d{2}/,
    'date-time': /\d{4}-\d{2}-\d{2}T[\d:.]+Z?/,
  };
  if (typeof format === 'string' && patterns[format]) {
    const found = patterns[format].exec(pools.message)?.[0];
    return found ? { value: found, fromMessage: true } : sampled(schema, name);
  }
  // An expression field takes the arithmetic written in the message ("Calculate (2 + 3) * 4"), not a name.
  const arithmetic = /^(expression|formula|equation|math)$/i.test(name) ? arithmeticIn(pools.message)[0] : undefined;
  if (arithmetic !== undefined && fitsSchema(arithmetic, schema)) return { value: arithmetic, fromMessage: true };
  // A name or quoted phrase from the message, if the field takes it (a pattern may not).
  const taken = pools.strings.findIndex((candidate) => fitsSchema(candidate, schema));
  if (taken !== -1) return { value: pools.strings.splice(taken, 1)[0], fromMessage: true };
  const otherwise = fallback(schema);
  if (otherwise !== undefined) return { value: otherwise, fromMessage: false };
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = (pools.freeText !== '' ? pools.freeText : pools.message.trim()).slice(0, maxLength);
  return text !== '' && fitsSchema(text, schema) ? { value: text, fromMessage: true } : sampled(schema, name);
}

function valueFor(raw: Schema, name: string, pools: Pools): Filled {
  const schema = resolve(raw);
  if (schema.const !== undefined) return { value: schema.const, fromMessage: true };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const lower = pools.message.toLowerCase();
    const hit = schema.enum.find(
      (option) =>
        typeof option === 'string' &&
        (pools.messageWords.has(stem(option.toLowerCase())) || (option.includes(' ') && lower.includes(option.toLowerCase()))),
    );
    if (hit !== undefined) return { value: hit, fromMessage: true };
    return {
      value: schema.default !== undefined && schema.enum.includes(schema.default) ? schema.default : schema.enum[0],
      fromMessage: false,
    };
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      return numberFor(schema, name, pools);
    case 'boolean':
      return mentioned(pools, name) ? { value: true, fromMessage: true } : { value: fallback(schema) ?? false, fromMessage: false };
    case 'array': {
      const item = valueFor((schema.items as Schema | undefined) ?? {}, name, pools);
      const value = [item.value];
      // More than one item required: the rest are samples, so the call still passes validation.
      return fitsSchema(value, schema) ? { value, fromMessage: item.fromMessage } : sampled(schema, name);
    }
    case 'object':
      return { value: objectFor(schema, pools), fromMessage: true };
    case 'string':
      return stringFor(schema, name, pools);
    default:
      return { value: fallback(schema) ?? null, fromMessage: false };
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
    const trial: Pools = { ...pools, strings: [...pools.strings], numbers: [...pools.numbers] };
    const filled = valueFor(property, name, trial);
    const isScalarString = resolve(property).type === 'string' && resolve(property).enum === undefined;
    if (filled.fromMessage && (!isScalarString || mentioned(pools, name))) {
      result[name] = filled.value;
      pools.strings = trial.strings;
      pools.numbers = trial.numbers;
    }
  }
  return result;
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

/** One arguments object per call to make: several when the message lists several values for the main field. */
export function buildArguments(schema: JsonSchemaObject, message: string, toolName: string, maximumCalls = 3): Record<string, unknown>[] {
  const nameWords = new Set(words(toolName).map(stem));
  const candidates = quotedPhrases(message).length > 0 ? quotedPhrases(message) : properNouns(message);
  const pools = (strings: string[]): Pools => ({
    message,
    messageWords: new Set(words(message).map(stem)),
    strings,
    numbers: numbersIn(message),
    freeText: contentWords(message)
      .filter((word) => !nameWords.has(stem(word)))
      .join(' '),
  });
  const field = fanOutField(schema);
  if (field === undefined || candidates.length < 2) return [objectFor(schema, pools(candidates))];
  return candidates.slice(0, maximumCalls).map((candidate) => ({ ...objectFor(schema, pools([])), [field]: candidate }));
}
