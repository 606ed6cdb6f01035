import type { SampleTool } from '../sample-types.ts';

export const inventoryApi: SampleTool = {
  name: 'inventory_api',
  description:
    'Look up how many units of a product are available, from the shared inventory service. The service serves a ' +
    'few requests at once; above that it answers 429 Too Many Requests with a Retry-After header. Safe to retry: it only reads.',
  idempotent: true,
  timeoutMs: 3_000,
  exampleArguments: { product_id: 'P-1042' },
  schemaSource: `import { z } from 'zod';

export default z.object({
  product_id: z.string().regex(/^P-\\d{1,6}$/, 'must look like "P-" followed by digits').describe('Product id, e.g. "P-1042"'),
});
`,
  codeSource: `import { TransientError } from 'toolscope';

// The inventory service is shared: every call of this tool (and, in production, every other client)
// hits it at once. Here it is simulated inside Toolscope's page (https://downstream.invalid never
// leaves it) and it answers from how loaded it is, not from the arguments. These are its settings:
// change them, then run the "Inventory burst" scenario or Compare the concurrency limits.
const SERVICE = {
  capacity: 4, // requests it serves at once; one more gets 429 Too Many Requests
  baseLatencyMs: 200, // a request served alone
  extraLatencyPerCallMs: 100, // added for every other request in flight when one arrives
  retryAfterSeconds: 1, // how long its 429 asks callers to wait
};

export default async function execute(input: Input, ctx: ToolContext) {
  // ctx.fetch carries the call's signal: a timeout or Stop ends the request and frees its slot.
  const response = await ctx.fetch(\`https://downstream.invalid/inventory/products/\${input.product_id}\`, {
    headers: {
      'x-simulated-capacity': String(SERVICE.capacity),
      'x-simulated-base-latency-ms': String(SERVICE.baseLatencyMs),
      'x-simulated-latency-per-call-ms': String(SERVICE.extraLatencyPerCallMs),
      'x-simulated-retry-after-seconds': String(SERVICE.retryAfterSeconds),
    },
  });
  if (response.status === 429 || response.status === 503) {
    const seconds = Number(response.headers.get('retry-after'));
    // Transient: the executor retries this idempotent tool, and waits what Retry-After asks instead of
    // its own backoff. Every call rejected at the same moment comes back at the same moment too.
    throw new TransientError(\`\${response.status} \${response.statusText}: the inventory service is over capacity (attempt \${ctx.attempt})\`, {
      retryAfterMs: Number.isFinite(seconds) ? seconds * 1000 : undefined,
    });
  }
  if (!response.ok) throw Object.assign(new Error(\`The inventory service answered \${response.status}\`), { status: response.status });
  const body = (await response.json()) as { quantity: number; in_flight: number; latency_ms: number };
  ctx.log(\`served in \${body.latency_ms} ms with \${body.in_flight} requests in flight\`);
  return { product_id: input.product_id, available_units: body.quantity, served_in_ms: body.latency_ms, requests_in_flight: body.in_flight };
}
`,
};
