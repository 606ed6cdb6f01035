// One valid, realistic value for a JSON Schema: what "Generate sample arguments" puts in the Test call
// and what the free-form mock model falls back to when the message does not say. Defaults, examples and
// the description's "e.g." come first, then a value by the field's name, each only if it meets the
// schema's constraints (lengths, pattern, format, bounds, enum, item counts); otherwise one built to fit.
import RandExp from 'randexp';
import { untrustedPattern } from '../../core/index.ts';
import { seededRandom } from './random.ts';
import { describedExample, numberHint, textHint } from './sample-hints.ts';
import { fitsSchema, resolveSchema, typeOf, type Schema } from './schema-fit.ts';

export { fitsSchema, resolveSchema, typeOf, type Schema };

// A schema may come from anywhere (an MCP server, a shared tool, a pasted definition), and a sample is
// made on the main thread: `minLength: 5e7` looped for good, `minItems: 1e9` fed Array.from (issue 28).
// So one sample is bounded in size, depth and time; past a bound it stops growing (and may then fall
// short of the schema, which the validation of the call says in words).
export const sampleLimits = { stringLength: 10_000, characters: 200_000, items: 100, depth: 24, values: 20_000, milliseconds: 200 };

interface Budget {
  values: number;
  /** Characters of strings left to make. */
  characters: number;
  deadline: number;
}

/** The budget of the sample being made: one per outermost sampleValue call. */
let budget: Budget | undefined;

/**
 * Values a sample makes before the clock counts. A real tool's schema needs far fewer, so its sample
 * never depends on how busy the machine is: read at once, a 200 ms deadline cut the sample of a
 * 15-field schema short while a test run shared two cores with CI (13 of its fields then failed).
 */
const untimedValues = 1_000;

function spent(depth: number): boolean {
  if (!budget) return false;
  budget.values -= 1;
  // Out of time is out of values: the rest of the sample is made of minimal values, and no more of them.
  if (sampleLimits.values - budget.values > untimedValues && performance.now() > budget.deadline) budget.values = -1;
  return budget.values < 0 || depth > sampleLimits.depth;
}

/** The smallest value of the schema's type, made without looking further in. */
function minimalValue(schema: Schema): unknown {
  const type = typeOf(schema);
  return type === 'object'
    ? {}
    : type === 'array'
      ? []
      : type === 'string'
        ? ''
        : type === 'boolean'
          ? true
          : type === 'number' || type === 'integer'
            ? 0
            : null;
}

const asSchema = (value: unknown): Schema => (value && typeof value === 'object' ? (value as Schema) : {});
const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Values the schema's author gave: default, examples, the description's "e.g.". */
function authoredCandidates(schema: Schema): unknown[] {
  const candidates: unknown[] = [];
  if ('default' in schema) candidates.push(schema.default);
  if (Array.isArray(schema.examples)) candidates.push(...(schema.examples as unknown[]));
  const example = describedExample(schema.description);
  if (example !== undefined) candidates.push(example, Number(example));
  return candidates;
}

/** Runs `make` under the current sample's budget, or a new one when it is the outermost call. */
function withinBudget<Value>(make: () => Value): Value {
  if (budget) return make();
  budget = { values: sampleLimits.values, characters: sampleLimits.characters, deadline: performance.now() + sampleLimits.milliseconds };
  try {
    return make();
  } finally {
    budget = undefined;
  }
}

export function sampleValue(raw: Schema, name = 'value', depth = 0): unknown {
  return withinBudget(() => sampleWithin(raw, name, depth));
}

function sampleWithin(raw: Schema, name: string, depth: number): unknown {
  const schema = resolveSchema(raw);
  if (spent(depth)) return minimalValue(schema);
  const authored = authoredCandidates(schema).find((candidate) => fitsSchema(candidate, schema));
  if (authored !== undefined) return authored;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return sampleObject(schema, depth);
    case 'array':
      return sampleArray(schema, name, depth);
    case 'integer':
    case 'number':
      return sampleNumber(schema, name, typeOf(schema) === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      const text = sampleString(schema, name);
      if (!budget) return text;
      budget.characters -= text.length;
      return budget.characters < 0 ? '' : text;
    }
    default:
      return null;
  }
}

/** Every property, optional ones too: a sample shows what a tool can take. */
export function sampleObject(schema: Schema, depth = 0): Record<string, unknown> {
  return withinBudget(() => sampleProperties(schema, depth));
}

function sampleProperties(schema: Schema, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(asSchema(schema.properties))) {
    // Out of budget: the rest of the properties are left out (the sample stays small).
    if (budget && budget.values < 0) break;
    // defineProperty: a property named __proto__ stays data.
    Object.defineProperty(result, key, {
      value: sampleValue(asSchema(property), key, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

function sampleArray(schema: Schema, name: string, depth: number): unknown[] {
  const items = resolveSchema(asSchema(schema.items));
  const count = Math.min(Math.max(finite(schema.minItems) ?? 1, 1), finite(schema.maxItems) ?? Infinity, sampleLimits.items);
  const singular = name.endsWith('s') ? name.slice(0, -1) : name;
  // A list of choices reads best with different choices (and uniqueItems requires them).
  const choices = Array.isArray(items.enum) ? (items.enum as unknown[]) : [];
  if (choices.length > 0) return Array.from({ length: count }, (_, index) => choices[index % choices.length]);
  const first = sampleValue(items, singular, depth + 1);
  const result = [first];
  // Each further item is counted against the budget as if sampled; out of it, the list stops short.
  const size = JSON.stringify(first)?.length ?? 1;
  for (let index = 1; index < count; index++) {
    if (budget) {
      budget.values -= 1;
      budget.characters -= size;
      if (budget.values < 0 || budget.characters < 0) break;
    }
    result.push(distinctItem(first, items, index));
  }
  return result;
}

/** The `index`-th item after `first`, different from it where the item type allows. */
function distinctItem(first: unknown, items: Schema, index: number): unknown {
  const candidate = typeof first === 'string' ? `${first} ${index + 1}` : typeof first === 'number' ? first + index : first;
  return fitsSchema(candidate, items) ? candidate : first;
}

function sampleNumber(schema: Schema, name: string, integer: boolean): number {
  const low = Math.max(finite(schema.minimum) ?? -Infinity, (finite(schema.exclusiveMinimum) ?? -Infinity) + (integer ? 1 : 1e-6));
  const high = Math.min(finite(schema.maximum) ?? Infinity, (finite(schema.exclusiveMaximum) ?? Infinity) - (integer ? 1 : 1e-6));
  const hint = numberHint(name);
  let value = hint ?? 1;
  // Without a hint, a value inside narrow bounds (0.5 in (0, 1)) rather than on an edge; wide ones use the nearer bound.
  if (hint === undefined && (value < low || value > high) && high - low <= 100) value = (low + high) / 2;
  if (value < low) value = low;
  if (value > high) value = high;
  if (integer) value = Math.min(Math.max(Math.round(value), Math.ceil(low)), Math.floor(high));
  const step = finite(schema.multipleOf);
  if (step !== undefined && step > 0) {
    const multiple = Math.ceil(value / step) * step;
    value = multiple <= high ? multiple : Math.floor(value / step) * step;
  }
  return value;
}

const formatSamples: Record<string, string> = {
  email: 'ada@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  date: '2026-01-15',
  'date-time': '2026-01-15T09:30:00Z',
  time: '09:30:00',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  duration: 'P3D',
};

function sampleString(schema: Schema, name: string): string {
  const format = typeof schema.format === 'string' ? formatSamples[schema.format] : undefined;
  const hint = textHint(name);
  for (const candidate of [format, hint]) if (candidate !== undefined && fitsSchema(candidate, schema)) return candidate;
  if (typeof schema.pattern === 'string') {
    const matching = fromPattern(schema.pattern, schema, name);
    if (matching !== undefined) return matching;
  }
  return fitLength(format ?? hint ?? `example ${name.replace(/_/g, ' ')}`, schema);
}

/** A string the pattern matches (and within the length limits), or undefined if none turned up. */
function fromPattern(pattern: string, schema: Schema, name: string): string | undefined {
  // Only a pattern RE2 reads: it refuses the nested counts (`(a{1000}){1000}`) that would make huge text.
  if (!untrustedPattern(pattern)) return undefined;
  let generator: RandExp;
  try {
    generator = new RandExp(new RegExp(pattern, 'u'));
  } catch {
    return undefined;
  }
  // Seeded by the field's name: the same schema gives the same sample, every time.
  const random = seededRandom([...name].reduce((hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16_777_619), 2_166_136_261));
  generator.randInt = (low, high) => low + Math.floor(random() * (1 + high - low));
  generator.max = Math.min(8, finite(schema.maxLength) ?? 8);
  // Letters and digits for `.` and `\S`, not control characters.
  generator.defaultRange.subtract(0, 47).subtract(58, 64).subtract(91, 96).subtract(123, 0x10ffff);
  for (let attempt = 0; attempt < 20; attempt++) {
    const text = generator.gen();
    if (text.length <= sampleLimits.stringLength && fitsSchema(text, { ...schema, format: undefined })) return text;
  }
  return undefined;
}

/** `text` cut to maxLength or lengthened to minLength (by repeating it), so the length constraints hold, up to the sample's bound. */
function fitLength(text: string, schema: Schema): string {
  const minimum = Math.min(finite(schema.minLength) ?? 0, sampleLimits.stringLength);
  const maximum = Math.min(finite(schema.maxLength) ?? Infinity, sampleLimits.stringLength);
  const length = [...text].length;
  const result = length >= minimum ? text : Array.from({ length: Math.ceil(minimum / (length + 1)) + 1 }, () => text).join(' ');
  return [...result].slice(0, maximum).join('').trimEnd().padEnd(Math.min(minimum, maximum), 'x');
}
