import { defineScenario } from './define-scenario.ts';

// Issue 31: Python and TypeScript tools in one parallel batch. The Python sample is added for the run
// only (prepare.addSampleTools): a new workspace has no Python tool, so it never loads Pyodide.
export const mixedLanguagesScenario = defineScenario({
  name: 'Python and TypeScript tools in one batch',
  description:
    'For its run only (your workspace stays as it is), the scenario adds the Python sample rate_limited, a rate-limited ' +
    'API written as a typed Python function. The model then asks in one turn for two TypeScript tools (get_weather twice, ' +
    'search_web) and two calls of the Python tool. The executor runs all five under the same limit of 4, each call in a ' +
    'sandboxed worker of its own. The first attempt of each Python call raises TransientError with retry_after=0.3: it ' +
    'is retried after those 0.3 s, as a 429 with Retry-After would be. The first Python tool of a page waits for Python ' +
    'to load before the run starts.',
  prepare: { addSampleTools: ['rate_limited'] },
  seed: 31,
  turns: [
    {
      text: 'These do not depend on each other: two cities, a search, and the rate-limited API twice.',
      latencyMs: 200,
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Bergen' } },
        { name: 'rate_limited', arguments: { query: 'trains to Bergen' } },
        { name: 'get_weather', arguments: { city: 'Oslo' } },
        { name: 'rate_limited', arguments: { query: 'ferries to Bergen' } },
        { name: 'search_web', arguments: { query: 'fish market in Bergen', max_results: 2 } },
      ],
    },
  ],
});
