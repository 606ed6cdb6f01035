// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Self-contained: a schema module imports zod alone.

/** A JSON object (not an array, not null): what object keywords apply to. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
