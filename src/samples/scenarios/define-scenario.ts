import type { ScenarioInput } from '../../llm/index.ts';
import type { SampleScenario } from '../sample-types.ts';

/** A scenario written as a typed object, so a wrong key fails the type check, shipped as the JSON text the user edits. */
export function defineScenario(input: ScenarioInput): SampleScenario {
  return { name: input.name, source: JSON.stringify(input, null, 2) };
}
