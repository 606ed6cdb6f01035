// Samples that came to the app after a workspace was saved (inventory_api came with the capacity lesson)
// are not in that workspace: a saved workspace is the person's and never changes behind their back. So
// newer samples are offered once, by name, and the tour adds what a chapter needs when asked to load it.
import { sampleNames, sampleScenarios, sampleTools, type SampleScenario, type SampleTool } from '../samples/index.ts';
import { scenarioSourceFromSample, toolSourceFromSample } from './default-workspace.ts';
import type { Workspace } from './workspace-schema.ts';

export interface SampleSet {
  tools: readonly SampleTool[];
  scenarios: readonly SampleScenario[];
}

const noSamples: SampleSet = { tools: [], scenarios: [] };

export const sampleCount = (samples: SampleSet): number => samples.tools.length + samples.scenarios.length;

/** Samples the workspace neither has (by name) nor was offered before: what is new since it was saved. */
export function unofferedSamples(workspace: Workspace): SampleSet {
  const known = new Set([
    ...(workspace.samplesOffered ?? []),
    ...workspace.tools.map((tool) => tool.name),
    ...workspace.scenarios.map((scenario) => scenario.name),
  ]);
  return {
    tools: sampleTools.filter((tool) => !known.has(tool.name)),
    scenarios: sampleScenarios.filter((scenario) => !known.has(scenario.name)),
  };
}

/** The sample scenario of that name and the sample tools its turns call, as far as the workspace lacks them. */
export function samplesForScenario(workspace: Workspace, scenarioName: string): SampleSet {
  const scenario = sampleScenarios.find((candidate) => candidate.name === scenarioName);
  if (!scenario) return noSamples;
  const present = new Set(workspace.tools.map((tool) => tool.name));
  const called = toolNamesCalledBy(scenario);
  return {
    tools: sampleTools.filter((tool) => called.has(tool.name) && !present.has(tool.name)),
    scenarios: workspace.scenarios.some((candidate) => candidate.name === scenarioName) ? [] : [scenario],
  };
}

/**
 * The workspace with fresh copies of the samples added after what it has, except those it has by now (an
 * offer accepted after the tour added the same sample); every sample then counts as offered.
 */
export function withSamples(workspace: Workspace, offered: SampleSet): Workspace {
  const present = new Set([...workspace.tools.map((tool) => tool.name), ...workspace.scenarios.map((scenario) => scenario.name)]);
  const samples = {
    tools: offered.tools.filter((tool) => !present.has(tool.name)),
    scenarios: offered.scenarios.filter((scenario) => !present.has(scenario.name)),
  };
  return {
    ...workspace,
    // The same arrays when nothing is added: a new tools array would set every tool-watcher going.
    tools: samples.tools.length === 0 ? workspace.tools : [...workspace.tools, ...samples.tools.map(toolSourceFromSample)],
    scenarios:
      samples.scenarios.length === 0 ? workspace.scenarios : [...workspace.scenarios, ...samples.scenarios.map(scenarioSourceFromSample)],
    samplesOffered: sampleNames(),
  };
}

/** "the tool inventory_api and the scenario “Inventory burst”" */
export function describeSamples(samples: SampleSet): string {
  const tools = samples.tools.map((tool) => tool.name);
  const scenarios = samples.scenarios.map((scenario) => `“${scenario.name.split(':')[0]}”`);
  const part = (noun: string, names: string[]) =>
    names.length === 0 ? [] : [`the ${noun}${names.length > 1 ? 's' : ''} ${names.join(', ')}`];
  return [...part('tool', tools), ...part('scenario', scenarios)].join(' and ');
}

function toolNamesCalledBy(scenario: SampleScenario): Set<string> {
  const parsed = JSON.parse(scenario.source) as { turns?: { toolCalls?: { name: string }[] }[] };
  return new Set((parsed.turns ?? []).flatMap((turn) => (turn.toolCalls ?? []).map((call) => call.name)));
}
