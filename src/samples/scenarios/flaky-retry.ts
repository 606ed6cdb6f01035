import { defineScenario } from './define-scenario.ts';

export const flakyRetryScenario = defineScenario({
  name: 'Flaky tool: 503s retried with backoff',
  description:
    'flaky_api answers 503 to the first two attempts (seed 6 at failure rate 0.5). A 503 is transient and the tool ' +
    'only reads, so the executor retries after exponential, jittered waits (0.25-0.5 s, then 0.5-1 s with the ' +
    'default policy) and the third attempt succeeds. The model sees only the success.',
  seed: 7,
  turns: [
    {
      text: 'Checking the stock of sku-1042.',
      latencyMs: 150,
      toolCalls: [{ name: 'flaky_api', arguments: { item_id: 'sku-1042', failure_rate: 0.5, seed: 6 } }],
    },
  ],
});
