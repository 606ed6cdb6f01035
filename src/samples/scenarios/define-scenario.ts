import type { Expectation } from '../../assertions/index.ts';
import type { ScenarioInput } from '../../llm/index.ts';
import type { SampleScenario } from '../sample-types.ts';

/**
 * A scenario written as a typed object, so a wrong key fails the type check, shipped as the JSON text the
 * user edits; with the expectations Run tests checks, when it teaches something worth asserting.
 */
export function defineScenario(input: ScenarioInput, expectations?: readonly Expectation[]): SampleScenario {
  return {
    name: input.name,
    source: JSON.stringify(input, null, 2),
    ...(expectations ? { expectations: JSON.stringify(expectations, null, 2) } : {}),
  };
}
