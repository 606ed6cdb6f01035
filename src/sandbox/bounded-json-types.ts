// What the bounded JSON writer and its object walker (bounded-json-objects.ts) share: the value they
// produce, the limits, the writer interface the walker writes through, and how a throw is described.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface BoundedJsonLimits {
  /** Nesting of objects and arrays; the top-level value is depth 0. */
  maxDepth: number;
  maxStringLength: number;
  maxArrayItems: number;
  maxObjectKeys: number;
  /** Rough budget for the whole value, in characters of JSON text. */
  maxTotalLength: number;
}

export interface ObjectWriter {
  item(value: unknown, path: string): JsonValue;
  property(value: unknown, path: string, key: string): JsonValue;
  note(text: string): void;
  spend<Value extends JsonValue>(value: Value): Value;
  limits: BoundedJsonLimits;
  path: string;
  remaining(): number;
}

export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
    return String(thrown);
  } catch {
    return 'an unprintable value';
  }
}
