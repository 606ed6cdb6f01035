// Fills a tool's arguments from its JSON Schema and the user's message: an enum value the message
// mentions, numbers, quoted text and proper nouns from the message, then defaults and examples.
// Required fields are always filled; optional ones only when the message supplies them.
import type { JsonSchemaObject } from '../../core/index.ts';
import { contentWords, keywords, numbersIn, properNouns, quotedPhrases, stem, words } from './words.ts';

type Schema = Record<string, unknown>;

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

function resolve(schema: Schema): Schema {
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(options)) return resolve(options.find((option) => option.type !== 'null') ?? {});
  return schema;
}

function fallback(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

function mentioned(pools: Pools, name: string): boolean {
  return [...keywords(name)].some((word) => pools.messageWords.has(word));
}

function numberFor(schema: Schema, pools: Pools): Filled {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const taken = pools.numbers.shift();
  if (taken !== undefined) {
    let value = schema.type === 'integer' ? Math.round(taken) : taken;
    if (minimum !== undefined) value = Math.max(minimum, value);
    if (maximum !== undefined) value = Math.min(maximum, value);
    return { value, fromMessage: true };
  }
  return {
    value: fallback(schema) ?? minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1),
    fromMessage: false,
  };
}

function stringFor(schema: Schema, pools: Pools): Filled {
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
    return found ? { value: found, fromMessage: true } : { value: fallback(schema) ?? '', fromMessage: false };
  }
  const taken = pools.strings.shift();
  if (taken !== undefined) return { value: taken, fromMessage: true };
  const otherwise = fallback(schema);
  if (otherwise !== undefined) return { value: otherwise, fromMessage: false };
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = pools.freeText !== '' ? pools.freeText : pools.message.trim();
  return { value: text.slice(0, maxLength), fromMessage: text !== '' };
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
      return numberFor(schema, pools);
    case 'boolean':
      return mentioned(pools, name) ? { value: true, fromMessage: true } : { value: fallback(schema) ?? false, fromMessage: false };
    case 'array': {
      const item = valueFor((schema.items as Schema | undefined) ?? {}, name, pools);
      return { value: [item.value], fromMessage: item.fromMessage };
    }
    case 'object':
      return { value: objectFor(schema, pools), fromMessage: true };
    case 'string':
      return stringFor(schema, pools);
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
