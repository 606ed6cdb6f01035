import { sampleNames, sampleRunSettings, sampleScenarios, sampleTools, type SampleTool } from '../samples/index.ts';
import { WORKSPACE_VERSION, type RunSettings, type ToolSource, type Workspace } from './workspace-schema.ts';
import { newId } from './ids.ts';

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

/** A new workspace: fresh, editable copies of the sample tools and scenarios. */
export function createDefaultWorkspace(): Workspace {
  return {
    version: WORKSPACE_VERSION,
    tools: sampleTools.map(toolSourceFromSample),
    scenarios: sampleScenarios.map((scenario) => ({ id: newId(), name: scenario.name, source: scenario.source })),
    settings: structuredClone(defaultRunSettings),
    samplesOffered: sampleNames(),
  };
}
