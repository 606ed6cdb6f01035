import { useMemo } from 'react';
import { parseScenario, scenarioJsonSchema } from '../../../llm/index.ts';
import { JsonSourceEditor, toEditorProblems } from '../../elements/JsonSourceEditor.tsx';
import { useAppStore } from '../../store-context.tsx';

const SCENARIO_JSON_SCHEMA = scenarioJsonSchema();

/** The selected scenario as JSON in Monaco: completion from its JSON Schema, zod problems as markers. */
export function ScenarioEditorContainer() {
  const scenario = useAppStore(
    (state) => state.workspace.scenarios.find((candidate) => candidate.id === state.selectedScenarioId) ?? state.workspace.scenarios[0],
  );
  const updateScenario = useAppStore((state) => state.updateScenario);
  const source = scenario?.source ?? '';
  const problems = useMemo(() => {
    const parsed = parseScenario(source);
    if (parsed.ok) return [];
    const withPaths = parsed.problems.map((problem) => ({
      ...problem,
      message: problem.path ? `${problem.path}: ${problem.message}` : problem.message,
    }));
    return toEditorProblems(withPaths, 'scenario');
  }, [source]);
  if (!scenario) return null;
  return (
    <JsonSourceEditor
      summary="Edit scenario JSON"
      editorLabel="Scenario editor"
      problemsLabel="Scenario problems"
      path={`file:///scenarios/${scenario.id}.json`}
      value={source}
      jsonSchema={SCENARIO_JSON_SCHEMA}
      problems={problems}
      onChange={(next) => updateScenario(scenario.id, { source: next })}
    />
  );
}
