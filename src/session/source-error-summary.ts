// Where a tool's sources have an error, in the words every run uses to say so: a test call that refuses,
// and a conversation that runs the tool's last good version meanwhile.
import type { SourceProblem } from './runtime/tool-runtime.ts';

const TAB_LABEL: Record<SourceProblem['file'], string> = { schema: 'Schema', code: 'Code' };

/** "Code has an error at 14:15", "Schema has 2 errors, the first at 3:9"; null when there is none. */
export function whereSourceErrors(problems: readonly SourceProblem[]): string | null {
  const first = problems[0];
  if (!first) return null;
  const inSameTab = problems.filter((problem) => problem.file === first.file).length;
  return `${TAB_LABEL[first.file]} has ${inSameTab === 1 ? 'an error' : `${inSameTab} errors, the first`} at ${first.line}:${first.column}`;
}

/** "Code has an error at 14:15 — fix it, or run the last good version." */
export function describeSourceErrors(problems: readonly SourceProblem[], hasLastGood: boolean): string {
  const where = whereSourceErrors(problems);
  if (!where) return 'The tool has not compiled: check its Schema and Code tabs.';
  return hasLastGood
    ? `${where} — fix it, or run the last good version.`
    : `${where} — fix it, then run the call (the tool has never compiled, so there is no earlier version to run).`;
}
