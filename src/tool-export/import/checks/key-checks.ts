// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Needs isJsonObject and reportIssues beside it.
import type { z } from 'zod';
import { isJsonObject } from './json-object.ts';
import { reportIssues } from './report-issues.ts';

/**
 * JSON Schema's patternProperties with additionalProperties: each key is checked by the schema of every
 * pattern it matches; a key that is neither in `properties` nor matches a pattern, by `otherKeys`.
 */
export function checkKeys(patterns: readonly [RegExp, z.ZodType][], properties: readonly string[], otherKeys?: z.ZodType) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (!isJsonObject(value)) return;
    for (const [key, item] of Object.entries(value)) {
      const matched = patterns.filter(([pattern]) => pattern.test(key)).map(([, schema]) => schema);
      const schemas = matched.length > 0 || properties.includes(key) || !otherKeys ? matched : [otherKeys];
      for (const schema of schemas) reportIssues(ctx, schema.safeParse(item), [key]);
    }
  };
}
