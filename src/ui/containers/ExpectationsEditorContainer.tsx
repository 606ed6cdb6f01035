import { useMemo } from 'react';
import { expectationsJsonSchema } from '../../assertions/index.ts';
import { parseExpectations } from '../../session/index.ts';
import type { EditorProblem } from '../monaco/editor-problem.ts';
import { LazyCodeEditor } from '../monaco/LazyCodeEditor.tsx';
import { useAppStore } from './store-context.tsx';

const EXPECTATIONS_JSON_SCHEMA = expectationsJsonSchema();

/** The selected scenario's trajectory assertions, as JSON in Monaco with completion from their schema. */
export function ExpectationsEditorContainer() {
  const scenario = useAppStore(
    (state) => state.workspace.scenarios.find((candidate) => candidate.id === state.selectedScenarioId) ?? state.workspace.scenarios[0],
  );
  const updateScenario = useAppStore((state) => state.updateScenario);
  const source = scenario?.expectations ?? '';
  const problems = useMemo((): EditorProblem[] => {
    const parsed = parseExpectations(source);
    if (parsed.ok) return [];
    return parsed.problems.map((problem) => ({
      line: problem.range.start.line,
      column: problem.range.start.column,
      endLine: problem.range.end.line,
      endColumn: problem.range.end.column,
      message: problem.message,
      severity: 'error',
      source: 'expectations',
    }));
  }, [source]);
  if (!scenario) return null;
  const count = parseExpectations(source);
  return (
    <details className="scenario-editor">
      <summary>
        Edit expectations{count.ok && count.expectations.length > 0 ? ` (${count.expectations.length})` : ''}{' '}
        {problems.length > 0 && (
          <span className="badge error" aria-label={`${problems.length} problems`}>
            {problems.length}
          </span>
        )}
      </summary>
      <div className="scenario-editor-body">
        <LazyCodeEditor
          ariaLabel="Expectations editor"
          path={`file:///scenarios/${scenario.id}.expect.json`}
          language="json"
          value={source}
          jsonSchema={EXPECTATIONS_JSON_SCHEMA}
          problems={problems}
          onChange={(next) => updateScenario(scenario.id, { expectations: next })}
        />
      </div>
      {problems.length > 0 && (
        <ul className="scenario-problems" aria-label="Expectation problems">
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
