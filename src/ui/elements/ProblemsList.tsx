import type { EditorProblem } from './monaco/editor-problem.ts';

export interface LocatedProblem extends EditorProblem {
  /** Which editor the problem is in, e.g. "Schema" or "Code" ("Settings" for the description: line 0). */
  file: string;
}

interface ProblemsListProps {
  problems: LocatedProblem[];
  onReveal(problem: LocatedProblem): void;
}

/** Every problem of the selected tool, like the Problems panel of an IDE; a click jumps to it. */
export function ProblemsList({ problems, onReveal }: ProblemsListProps) {
  return (
    <section className="problems" aria-label="Problems">
      <h3>Problems {problems.length > 0 && <span className="badge">{problems.length}</span>}</h3>
      {problems.length === 0 ? (
        <p className="empty-hint">No problems.</p>
      ) : (
        <ul>
          {problems.map((problem, index) => (
            <li key={index} className={`problem severity-${problem.severity}`}>
              <button type="button" onClick={() => onReveal(problem)}>
                <span className="problem-location">
                  {problem.file}
                  {problem.line > 0 && ` ${problem.line}:${problem.column}`}
                </span>
                <span className="problem-message">{problem.message}</span>
                <span className="problem-source">{problem.source}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
