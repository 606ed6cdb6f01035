import type { SampleScenario } from '../sample-types.ts';

export const sampleScenarios: readonly SampleScenario[] = [];
