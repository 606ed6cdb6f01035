import { defineScenario } from './define-scenario.ts';

const products = Array.from({ length: 16 }, (_, index) => `P-${1001 + index}`);

export const inventoryBurstScenario = defineScenario({
  name: 'Inventory burst: a limit that protects the downstream',
  description:
    'Sixteen inventory_api calls in one turn. The inventory service behind the tool is shared and serves 4 requests at ' +
    "once (its settings are at the top of the tool's code): each request is slower the more are in flight, and one more " +
    'gets 429 Too Many Requests with Retry-After: 1. At the default limit of 4 the calls come in waves of four and none ' +
    'fails. Without a limit, 12 calls get a 429 at once, all retry together a second later, and 4 still fail after their ' +
    'third attempt. At a limit of 1 nothing fails, but every call waits in the queue. Timeline → Compare shows it: total ' +
    '2.3 s at 4, 2.5 s at 3, 2.8 s with 4 errors and 20 retries unlimited, 3.5 s at 1.',
  seed: 13,
  turns: [
    {
      text: 'Checking all sixteen products of the order at once.',
      latencyMs: 150,
      toolCalls: products.map((product) => ({ name: 'inventory_api', arguments: { product_id: product } })),
    },
    { text: 'All sixteen products are checked.', latencyMs: 100 },
  ],
});
