import { truncateMiddle } from '../core/format-for-model.ts';
import { describeObject } from './bounded-json-objects.ts';
import { describeThrown, type BoundedJsonLimits, type JsonValue } from './bounded-json-types.ts';

// Turns anything a tool returns (or logs) into plain JSON of bounded size, inside the worker, so the
// host only ever receives data it can show and send to a model. It never throws: values JSON cannot
// hold become readable markers, and whatever is too big is cut with a marker saying so.

export const defaultBoundedJsonLimits: BoundedJsonLimits = {
  maxDepth: 32,
  maxStringLength: 20_000,
  maxArrayItems: 1_000,
  maxObjectKeys: 1_000,
  maxTotalLength: 200_000,
};

export interface BoundedJson {
  value: JsonValue;
  /** One line per kind of change made (`truncated: ...`, `circular reference at $.a`), at most 20. */
  notes: string[];
}

const maxNotes = 20;

export function toBoundedJson(value: unknown, limits: Partial<BoundedJsonLimits> = {}): BoundedJson {
  const writer = new BoundedWriter({ ...defaultBoundedJsonLimits, ...limits });
  let result: JsonValue;
  try {
    result = writer.write(value, '$', 0, undefined);
  } catch (error) {
    // Only reachable through exotic engine errors (e.g. stack overflow in a getter): say so, never throw.
    result = `[Unserializable value: ${describeThrown(error)}]`;
    writer.note(`the value could not be serialized: ${describeThrown(error)}`);
  }
  return { value: result, notes: writer.notes };
}

class BoundedWriter {
  readonly notes: string[] = [];
  private remaining: number;
  /** Objects on the path from the root to the current value, to tell a cycle from a shared reference. */
  private readonly ancestors = new Map<object, string>();

  constructor(private readonly limits: BoundedJsonLimits) {
    this.remaining = limits.maxTotalLength;
  }

  note(text: string): void {
    if (this.notes.length < maxNotes && !this.notes.includes(text)) this.notes.push(text);
  }

  write(value: unknown, path: string, depth: number, key: string | undefined): JsonValue {
    if (this.remaining <= 0) return this.overBudget();
    switch (typeof value) {
      case 'string':
        return this.writeString(value);
      case 'number':
        return this.spend(this.writeNumber(value));
      case 'boolean':
        return this.spend(value);
      case 'bigint':
        this.note('BigInt values were written as strings ending in "n"');
        return this.spend(`${value.toString()}n`);
      case 'undefined':
        return this.spend(null);
      case 'symbol':
        return this.spend(`[Symbol ${safeDescription(value)}]`);
      case 'function':
        this.note(`functions cannot be sent as JSON (one at ${path})`);
        return this.spend(`[Function ${safeFunctionName(value)}]`);
      default:
        if (value === null) return this.spend(null);
        return this.writeObject(value as object, path, depth, key);
    }
  }

  private writeString(value: string): string {
    const { maxStringLength } = this.limits;
    const limit = Math.min(maxStringLength, Math.max(0, this.remaining));
    if (value.length <= limit) return this.spend(value);
    // Head and tail, as the core cuts what the model reads: the end of a log or report holds its totals.
    this.note(`long strings were cut to ${limit} characters, keeping their start and end`);
    return this.spend(truncateMiddle(value, limit));
  }

  private writeNumber(value: number): JsonValue {
    if (Number.isFinite(value)) return Object.is(value, -0) ? 0 : value;
    this.note('NaN and Infinity were written as strings');
    return String(value);
  }

  private writeObject(value: object, path: string, depth: number, key: string | undefined): JsonValue {
    const cyclePath = this.ancestors.get(value);
    if (cyclePath !== undefined) {
      this.note(`circular reference at ${path}`);
      return this.spend(`[Circular reference to ${cyclePath}]`);
    }
    if (depth >= this.limits.maxDepth) {
      this.note(`values nested deeper than ${this.limits.maxDepth} levels were cut`);
      return this.spend(`[Truncated: nested deeper than ${this.limits.maxDepth} levels]`);
    }
    this.ancestors.set(value, path);
    try {
      return this.describe(value, path, depth, key);
    } catch (error) {
      // A revoked Proxy throws even on `instanceof`; anything else user-made may too.
      this.note(`an object could not be read (at ${path})`);
      return this.spend(`[Unreadable object: ${describeThrown(error)}]`);
    } finally {
      this.ancestors.delete(value);
    }
  }

  private describe(value: object, path: string, depth: number, key: string | undefined): JsonValue {
    return describeObject(value, key, {
      item: (item, itemPath) => this.write(item, itemPath, depth + 1, undefined),
      property: (item, itemPath, itemKey) => this.write(item, itemPath, depth + 1, itemKey),
      note: (text) => this.note(text),
      spend: (text) => this.spend(text),
      limits: this.limits,
      path,
      remaining: () => this.remaining,
    });
  }

  /** Charges a primitive's JSON length against the budget and returns it unchanged. */
  private spend<Value extends JsonValue>(value: Value): Value {
    this.remaining -= typeof value === 'string' ? value.length + 2 : String(value).length;
    return value;
  }

  private overBudget(): string {
    this.note(`the value was cut at about ${this.limits.maxTotalLength} characters`);
    return '[Truncated: the value is too large]';
  }
}

function safeDescription(symbol: symbol): string {
  return symbol.description ?? '';
}

function safeFunctionName(value: unknown): string {
  try {
    const name = (value as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : '(anonymous)';
  } catch {
    return '(anonymous)';
  }
}
