export type { SampleScenario, SampleTool } from './sample-types.ts';
export { sampleTools } from './tools/index.ts';
export { sampleScenarios } from './scenarios/index.ts';
export { toolTemplate } from './tool-template.ts';
export { pythonToolTemplate } from './python-tool-template.ts';
export { sampleRunSettings } from './run-settings.ts';
export { sampleNames } from './sample-names.ts';
export { pythonSampleTools, rateLimitedSearch, weatherTool } from './python-samples.ts';
