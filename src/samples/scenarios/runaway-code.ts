import { defineScenario } from './define-scenario.ts';

export const runawayCodeScenario = defineScenario({
  name: 'Runaway code: an endless loop the sandbox kills',
  description:
    'cpu_hog spins in a synchronous loop that never awaits, so neither its signal nor a timer can interrupt it. ' +
    'At its 1 s timeout the sandbox terminates the worker: the page stays responsive and the next call runs normally.',
  seed: 6,
  turns: [
    {
      text: 'Crunching the numbers.',
      latencyMs: 150,
      toolCalls: [{ name: 'cpu_hog', arguments: { analysis: 'churn by region' } }],
    },
    {
      text: 'That analysis timed out. A quick estimate instead.',
      latencyMs: 150,
      toolCalls: [{ name: 'calculator', arguments: { expression: '1250 * 0.04' } }],
    },
  ],
});
