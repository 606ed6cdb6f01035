import { defineScenario } from './define-scenario.ts';

export const rateLimitScenario = defineScenario({
  name: 'Rate limit: honouring Retry-After',
  description:
    'rate_limited_api answers 429 with Retry-After: 2 to the EUR to USD call, so the executor waits 2 s instead of ' +
    'its own backoff. The EUR to GBP call gets Retry-After: 120, beyond the 60 s the executor accepts, so that ' +
    'one is ignored and the usual backoff applies.',
  seed: 8,
  turns: [
    {
      text: 'Getting both exchange rates.',
      latencyMs: 150,
      toolCalls: [
        { name: 'rate_limited_api', arguments: { base: 'EUR', quote: 'USD', limited_attempts: 1, retry_after_seconds: 2 } },
        { name: 'rate_limited_api', arguments: { base: 'EUR', quote: 'GBP', limited_attempts: 1, retry_after_seconds: 120 } },
      ],
    },
  ],
});
