import { describe, expect, it } from 'vitest';
import { checkTrajectory, expectationsSchema } from '../assertions/index.ts';
import { sampleScenarios } from '../samples/index.ts';
import { runSampleScenario } from '../samples/run-sample-scenario.test-support.ts';
import { trajectoryOf } from '../trace/index.ts';

// The samples ship expectations so Run tests has something to check on a new workspace; each set must
// hold for the scenario as it plays with the sample tools (a failing sample test would teach nothing).
const withExpectations = sampleScenarios.filter((scenario) => scenario.expectations);

describe('sample expectations', () => {
  it('some samples carry expectations', () => {
    expect(withExpectations.map((scenario) => scenario.name.split(':')[0])).toEqual([
      'Fan-out',
      'Invalid arguments, corrected on the next turn',
      'Side effects',
    ]);
  });

  it.each(withExpectations.map((scenario) => [scenario.name, scenario] as const))(
    '%s: every expectation passes',
    async (_name, scenario) => {
      const expectations = expectationsSchema.parse(JSON.parse(scenario.expectations!));
      const { result, events } = await runSampleScenario(scenario);
      const results = checkTrajectory(expectations, trajectoryOf(events, result.messages));
      expect(results.filter((check) => !check.passed).map((check) => check.message)).toEqual([]);
      expect(results).toHaveLength(expectations.length);
    },
  );
});
