// Emitted into generated schema modules as is (everything after this first paragraph), where a schema
// needs it; the tests import it directly. Needs reportIssues beside it.
import type { z } from 'zod';
import { reportIssues } from './report-issues.ts';

/** JSON Schema's if/then/else: a value `condition` accepts must pass `then`, any other `otherwise`. */
export function checkConditional(condition: z.ZodType, then?: z.ZodType, otherwise?: z.ZodType) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    const branch = condition.safeParse(value).success ? then : otherwise;
    if (branch) reportIssues(ctx, branch.safeParse(value));
  };
}
