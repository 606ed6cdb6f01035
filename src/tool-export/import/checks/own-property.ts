// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Needs isJsonObject and reportIssues beside it.
import type { z } from 'zod';
import { isJsonObject } from './json-object.ts';
import { reportIssues } from './report-issues.ts';

/** A property zod skips on purpose (`__proto__`), checked on the object's own keys instead. */
export function checkOwnProperty(name: string, schema: z.ZodType, required: boolean) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (!isJsonObject(value)) return;
    if (Object.hasOwn(value, name)) reportIssues(ctx, schema.safeParse(value[name]), [name]);
    else if (required) ctx.addIssue({ code: 'custom', path: [name], message: `Missing required property "${name}"` });
  };
}
