// What printing a node's types gives (print-types.ts, print-object.ts, print-array.ts): its own file so
// the printers that return it do not import the one that calls them.
export interface TypedPart {
  expression: string;
  /** Checks on the raw value, each a zod schema of its own (`z.unknown().refine(…)`), guarded by type. */
  checks: string[];
}
