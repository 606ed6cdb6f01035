// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Self-contained: a schema module imports zod alone.
import type { z } from 'zod';

/**
 * `additionalProperties: false` on an object that is one part of `.and()`: there zod's strictObject
 * would let a key through that the other part allows, so the keys are checked here instead.
 */
export function onlyKeys(known: readonly string[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const key of Object.keys(value))
      if (!known.includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: `Unrecognized key: "${key}"` });
  };
}
