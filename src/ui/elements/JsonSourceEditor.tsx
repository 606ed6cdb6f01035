import type { ReactNode } from 'react';
import type { EditorProblem } from './monaco/editor-problem.ts';
import { LazyCodeEditor } from './monaco/LazyCodeEditor.tsx';

/** A position range as the JSON parsers report it (1-based lines and columns). */
export interface LocatedProblem {
  range: { start: { line: number; column: number }; end: { line: number; column: number } };
  message: string;
}

/** Parser problems as editor markers, all errors from one source. */
export function toEditorProblems(problems: readonly LocatedProblem[], source: string): EditorProblem[] {
  return problems.map((problem) => ({
    line: problem.range.start.line,
    column: problem.range.start.column,
    endLine: problem.range.end.line,
    endColumn: problem.range.end.column,
    message: problem.message,
    severity: 'error',
    source,
  }));
}

interface JsonSourceEditorProps {
  summary: ReactNode;
  /** Accessible names: the editor ("Scenario editor") and its problem list ("Scenario problems"). */
  editorLabel: string;
  problemsLabel: string;
  path: string;
  value: string;
  jsonSchema: object;
  problems: EditorProblem[];
  onChange(next: string): void;
}

/** A folded JSON document in Monaco (completion from its JSON Schema), its problems as markers and as a list. */
export function JsonSourceEditor({
  summary,
  editorLabel,
  problemsLabel,
  path,
  value,
  jsonSchema,
  problems,
  onChange,
}: JsonSourceEditorProps) {
  return (
    <details className="scenario-editor">
      <summary>
        {summary}{' '}
        {problems.length > 0 && (
          <span className="badge error" aria-label={`${problems.length} problems`}>
            {problems.length}
          </span>
        )}
      </summary>
      <div className="scenario-editor-body">
        <LazyCodeEditor
          ariaLabel={editorLabel}
          path={path}
          language="json"
          value={value}
          jsonSchema={jsonSchema}
          problems={problems}
          onChange={onChange}
        />
      </div>
      {problems.length > 0 && (
        <ul className="scenario-problems" aria-label={problemsLabel}>
          {problems.map((problem, index) => (
            <li key={index}>
              line {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
