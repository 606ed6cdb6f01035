// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Self-contained: a schema module imports zod alone.
import type { z } from 'zod';

/** A nested check's issues, reported by the enclosing one under `path` (so the model reads where). */
export function reportIssues(ctx: z.RefinementCtx, result: z.ZodSafeParseResult<unknown>, path: PropertyKey[] = []): void {
  if (!result.success)
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: [...path, ...issue.path], message: issue.message });
}
