import type { ValidationIssue } from '../../../core/index.ts';
import { parseJsonWithPositions, type JsonPath } from '../../../llm/json-positions.ts';
import type { EditorProblem } from '../../elements/monaco/editor-problem.ts';

/** `a.b.0` → ['a', 'b', 0]: the executor's dot-joined issue path as a JSON path. */
function toJsonPath(path: string): JsonPath {
  if (path === '') return [];
  return path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/**
 * Validation issues as markers in the arguments editor, each on the value its path points to (a missing
 * field is marked on the object that lacks it).
 */
export function issueProblems(argumentsText: string, issues: readonly ValidationIssue[]): EditorProblem[] {
  const parsed = parseJsonWithPositions(argumentsText.trim() === '' ? '{}' : argumentsText);
  return issues.map((issue) => {
    const message = `${issue.path || '(root)'}: ${issue.message}`;
    if (!parsed.ok) return { line: parsed.position.line, column: parsed.position.column, message, severity: 'error', source: 'validation' };
    const range = parsed.rangeOf(toJsonPath(issue.path));
    return {
      line: range.start.line,
      column: range.start.column,
      endLine: range.end.line,
      endColumn: range.end.column,
      message,
      severity: 'error',
      source: 'validation',
    };
  });
}
