import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../llm/index.ts';
import { pythonSampleTools, sampleScenarios, sampleTools } from './index.ts';

// Issue 9: the scenarios ship as editable JSON; each must parse as the scenario editor parses it and
// call only tools a new workspace has, except the one that invents a tool on purpose.

const deliberatelyUnknownTools = new Set(['get_stock_price']);

function parsed(source: string): Scenario {
  const result = parseScenario(source);
  if (!result.ok) throw new Error(result.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '));
  return result.scenario;
}

describe.each(sampleScenarios.map((sample) => [sample.name, sample] as const))('scenario "%s"', (name, sample) => {
  it('parses, under its own name, with a description of what it teaches', () => {
    const scenario = parsed(sample.source);
    expect(scenario.name).toBe(name);
    expect(scenario.description?.length).toBeGreaterThan(60);
  });

  it('calls only sample tools (or the one hallucinated on purpose), Python ones only when it adds them', () => {
    const added = new Set(parsed(sample.source).prepare?.addSampleTools ?? []);
    const known = new Set([
      ...sampleTools.map((tool) => tool.name),
      ...pythonSampleTools.filter((tool) => added.has(tool.name)).map((tool) => tool.name),
    ]);
    const called = parsed(sample.source)
      .turns.flatMap((turn) => turn.toolCalls ?? [])
      .map((call) => call.name);
    expect(called.length).toBeGreaterThan(0);
    for (const toolName of called) expect(known.has(toolName) || deliberatelyUnknownTools.has(toolName), toolName).toBe(true);
  });

  it('keeps model latencies short, so the scenario plays in a few seconds', () => {
    const scenario = parsed(sample.source);
    const latencies = scenario.turns.map((turn) => turn.latencyMs ?? 0).sort((left, right) => right - left);
    // A scenario that releases a canary pauses once, up to 4 s: the time to press Rollback during the run.
    const [longest = 0, ...others] = latencies;
    expect(longest).toBeLessThanOrEqual(scenario.prepare?.release ? 4_000 : 400);
    for (const latency of others) expect(latency).toBeLessThanOrEqual(400);
  });

  it('is shipped as the two-space JSON the editor shows', () => {
    expect(sample.source).toBe(JSON.stringify(JSON.parse(sample.source), null, 2));
  });
});

describe('the scenario set', () => {
  it('has the eleven scenarios of issue 9, the inventory burst of issue 13 and the mixed batch of issue 31, with unique names', () => {
    expect(sampleScenarios).toHaveLength(13);
    expect(new Set(sampleScenarios.map((sample) => sample.name)).size).toBe(13);
  });

  it('invents exactly one tool, in the unknown-tool scenario', () => {
    const inventing = sampleScenarios.filter((sample) => sample.source.includes('get_stock_price')).map((sample) => sample.name);
    expect(inventing).toEqual(['Unknown tool: the model invents one']);
  });
});
