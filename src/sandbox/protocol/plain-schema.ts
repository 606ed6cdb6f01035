// A tool's schema as plain data, when the schema is nothing but zod's own types and checks (no refine,
// transform, regex, format, coerce, catch…): the schema worker describes it once, and the host rebuilds
// it with its own zod to validate a call's arguments without a round trip (host/host-validation.ts,
// docs/adr/0031). It only ever lets the host say "valid": the host's copy accepts no value the tool's
// own schema refuses and parses to the same data; anything it refuses goes to the schema worker, whose
// verdict (paths, messages) is the one reported. Hence what it leaves out (custom messages, `when`)
// can only make the host's copy stricter, never looser.

export type PlainLengthCheck = { check: 'min' | 'max' | 'exact'; value: number };
export type PlainBound = { side: 'min' | 'max'; value: number; inclusive: boolean };
export type PlainLiteral = string | number | boolean | null;

export type PlainSchema =
  | { kind: 'string'; lengths: PlainLengthCheck[] }
  | { kind: 'number'; int: boolean; bounds: PlainBound[]; multipleOf: number[] }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'unknown' }
  | { kind: 'literal'; values: PlainLiteral[] }
  | { kind: 'enum'; entries: [string, string | number][] }
  | { kind: 'array'; element: PlainSchema; lengths: PlainLengthCheck[] }
  /** Keys in the schema's order (zod's output follows it); `unknownKeys` from the catchall. */
  | { kind: 'object'; shape: [string, PlainSchema][]; unknownKeys: 'strip' | 'strict' | 'loose' }
  | { kind: 'optional'; inner: PlainSchema }
  | { kind: 'nullable'; inner: PlainSchema }
  /**
   * A default: the host's copy is its inner schema, which refuses `undefined` (the walker makes sure of
   * it), so a value left out goes to the worker, where the default (maybe a function) is applied.
   */
  | { kind: 'default'; inner: PlainSchema };

/** Bounds of a description, checked on both sides: a schema bigger or deeper is simply not described. */
export const plainSchemaLimits = { maxDepth: 32, maxNodes: 1_000 };
