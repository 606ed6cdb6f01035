import { sampleNames, sampleRunSettings, sampleScenarios, sampleTools, type SampleScenario, type SampleTool } from '../samples/index.ts';
import type { RunSettings, ScenarioSource, ToolSource, Workspace } from './workspace-schema.ts';
import { WORKSPACE_VERSION } from './workspace-version.ts';
import { newId } from './new-id.ts';

export const defaultRunSettings: RunSettings = sampleRunSettings;

export function toolSourceFromSample(sample: SampleTool): ToolSource {
  return {
    id: newId(),
    name: sample.name,
    description: sample.description,
    schemaSource: sample.schemaSource,
    codeSource: sample.codeSource,
    enabled: true,
    timeoutMs: sample.timeoutMs,
    idempotent: sample.idempotent,
    retry: sample.retry,
    argumentsText: JSON.stringify(sample.exampleArguments, null, 2),
  };
}

/** An editable copy of a sample scenario, with its expectations when it has some. */
export function scenarioSourceFromSample(sample: SampleScenario): ScenarioSource {
  return { id: newId(), name: sample.name, source: sample.source, ...(sample.expectations ? { expectations: sample.expectations } : {}) };
}

/** A new workspace: fresh, editable copies of the sample tools and scenarios. */
export function createDefaultWorkspace(): Workspace {
  return {
    version: WORKSPACE_VERSION,
    tools: sampleTools.map(toolSourceFromSample),
    scenarios: sampleScenarios.map(scenarioSourceFromSample),
    settings: structuredClone(defaultRunSettings),
    samplesOffered: sampleNames(),
  };
}
