import { sampleScenarios } from './scenarios/index.ts';
import { sampleTools } from './tools/index.ts';

/** Every sample's name, tools and scenarios: what a new workspace starts with. */
export const sampleNames = (): string[] => [...sampleTools.map((tool) => tool.name), ...sampleScenarios.map((scenario) => scenario.name)];
