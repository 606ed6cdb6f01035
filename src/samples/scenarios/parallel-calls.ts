import { defineScenario } from './define-scenario.ts';

export const parallelCallsScenario = defineScenario({
  name: 'Parallel calls: weather in three cities and a web search',
  description:
    'The model asks for four independent tools in one turn. The executor runs them together, so the turn ' +
    'takes as long as the slowest call instead of the sum of all four.',
  seed: 1,
  turns: [
    {
      text: 'These do not depend on each other, so I will ask for all of them at once.',
      latencyMs: 200,
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Reykjavik' } },
        { name: 'get_weather', arguments: { city: 'Helsinki' } },
        { name: 'get_weather', arguments: { city: 'Lima', unit: 'fahrenheit' } },
        { name: 'search_web', arguments: { query: 'food markets in Lima', max_results: 2 } },
      ],
    },
  ],
});
