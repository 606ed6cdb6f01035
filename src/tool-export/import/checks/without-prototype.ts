// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Needs isJsonObject beside it.
import { isJsonObject } from './json-object.ts';

/**
 * zod reads a property through the prototype, so `toString` of `{}` would be Object.prototype.toString:
 * a copy without a prototype holds only the object's own keys (JSON Schema's view).
 */
export function withoutPrototype(value: unknown): unknown {
  return isJsonObject(value) ? Object.assign(Object.create(null) as Record<string, unknown>, value) : value;
}
