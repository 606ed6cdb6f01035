// The name a scenario run is shown and kept under: the `name` in its JSON, as the person edited it; the
// saved scenario's own name only while the JSON cannot be read.
import { parseScenario } from '../llm/index.ts';

export function scenarioName(scenario: { name: string; source: string }): string {
  const parsed = parseScenario(scenario.source);
  return parsed.ok && parsed.scenario.name.trim() !== '' ? parsed.scenario.name : scenario.name;
}
