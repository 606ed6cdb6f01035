import { useMemo } from 'react';
import { parseScenario, scenarioJsonSchema } from '../../llm/index.ts';
import type { EditorProblem } from '../monaco/editor-problem.ts';
import { LazyCodeEditor } from '../monaco/LazyCodeEditor.tsx';
import { useAppStore } from './store-context.tsx';

const SCENARIO_JSON_SCHEMA = scenarioJsonSchema();

/** The selected scenario as JSON in Monaco: completion from its JSON Schema, zod problems as markers. */
export function ScenarioEditorContainer() {
  const scenario = useAppStore(
    (state) => state.workspace.scenarios.find((candidate) => candidate.id === state.selectedScenarioId) ?? state.workspace.scenarios[0],
  );
  const updateScenario = useAppStore((state) => state.updateScenario);
  const source = scenario?.source ?? '';
  const problems = useMemo((): EditorProblem[] => {
    const parsed = parseScenario(source);
    if (parsed.ok) return [];
    return parsed.problems.map((problem) => ({
      line: problem.range.start.line,
      column: problem.range.start.column,
      endLine: problem.range.end.line,
      endColumn: problem.range.end.column,
      message: problem.path ? `${problem.path}: ${problem.message}` : problem.message,
      severity: 'error',
      source: 'scenario',
    }));
  }, [source]);
  if (!scenario) return null;
  return (
    <details className="scenario-editor">
      <summary>
        Edit scenario JSON{' '}
        {problems.length > 0 && (
          <span className="badge error" aria-label={`${problems.length} problems`}>
            {problems.length}
          </span>
        )}
      </summary>
      <div className="scenario-editor-body">
        <LazyCodeEditor
          ariaLabel="Scenario editor"
          path={`file:///scenarios/${scenario.id}.json`}
          language="json"
          value={source}
          jsonSchema={SCENARIO_JSON_SCHEMA}
          problems={problems}
          onChange={(next) => updateScenario(scenario.id, { source: next })}
        />
      </div>
      {problems.length > 0 && (
        <ul className="scenario-problems" aria-label="Scenario problems">
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
