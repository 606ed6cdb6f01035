import { defineScenario } from './define-scenario.ts';

const regions = ['Nordics', 'Benelux', 'Iberia', 'Italy', 'France', 'Germany', 'Poland', 'Baltics', 'Balkans', 'Ireland'];

export const fanOutScenario = defineScenario(
  {
    name: 'Fan-out: ten reports under the concurrency limit',
    description:
      'Ten slow_report calls in one turn. The concurrency limit in Run settings (4 by default) lets at most four ' +
      'run at once while the others wait in the queue, so a burst from the model cannot flood a downstream ' +
      'service. Compare the started_at and finished_at of the results: they come in waves of four.',
    seed: 2,
    turns: [
      {
        text: 'One report per region; I will request all ten at once.',
        latencyMs: 150,
        toolCalls: regions.map((region) => ({ name: 'slow_report', arguments: { topic: `Q3 sales in ${region}`, duration_ms: 300 } })),
      },
    ],
  },
  // What the limit guarantees, as Run tests checks it: all ten ran, never more than four at once.
  [{ type: 'called', tool: 'slow_report', min: 10, max: 10 }, { type: 'max-concurrency', max: 4 }, { type: 'no-error' }],
);
