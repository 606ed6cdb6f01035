import { useMemo } from 'react';
import { expectationsJsonSchema } from '../../../assertions/index.ts';
import { parseExpectations } from '../../../session/index.ts';
import { JsonSourceEditor, toEditorProblems } from '../../elements/JsonSourceEditor.tsx';
import { useAppStore } from '../../store-context.tsx';

const EXPECTATIONS_JSON_SCHEMA = expectationsJsonSchema();

/** The selected scenario's trajectory assertions, as JSON in Monaco with completion from their schema. */
export function ExpectationsEditorContainer() {
  const scenario = useAppStore(
    (state) => state.workspace.scenarios.find((candidate) => candidate.id === state.selectedScenarioId) ?? state.workspace.scenarios[0],
  );
  const updateScenario = useAppStore((state) => state.updateScenario);
  const source = scenario?.expectations ?? '';
  const parsed = useMemo(() => parseExpectations(source), [source]);
  const problems = useMemo(() => (parsed.ok ? [] : toEditorProblems(parsed.problems, 'expectations')), [parsed]);
  if (!scenario) return null;
  const count = parsed.ok ? parsed.expectations.length : 0;
  return (
    <JsonSourceEditor
      summary={`Edit expectations${count > 0 ? ` (${count})` : ''}`}
      editorLabel="Expectations editor"
      problemsLabel="Expectation problems"
      path={`file:///scenarios/${scenario.id}.expect.json`}
      value={source}
      jsonSchema={EXPECTATIONS_JSON_SCHEMA}
      problems={problems}
      onChange={(next) => updateScenario(scenario.id, { expectations: next })}
    />
  );
}
