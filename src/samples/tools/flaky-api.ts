import type { SampleTool } from '../sample-types.ts';

export const flakyApi: SampleTool = {
  name: 'flaky_api',
  description:
    'Fetch an item from the inventory service: name, stock and warehouse. The service is flaky: some requests ' +
    'fail with 503 Service Unavailable (seeded, so a run repeats exactly). Safe to retry: it only reads.',
  idempotent: true,
  exampleArguments: { item_id: 'sku-1042', failure_rate: 0.5, seed: 6 },
  schemaSource: `import { z } from 'zod';

export default z.object({
  item_id: z.string().regex(/^sku-\\d{1,6}$/, 'must look like "sku-" followed by digits').describe('Inventory item id, e.g. "sku-1042"'),
  failure_rate: z.number().min(0).max(1).default(0.3).describe('Share of requests the simulated service answers with 503, from 0 to 1'),
  seed: z.number().int().default(1).describe('Seed of the simulated failures: the same seed fails the same attempts'),
});
`,
  codeSource: `// Real outages are random; these are seeded, so a run can be replayed exactly. Each attempt runs in a
// fresh worker and no state survives between attempts, so whether an attempt fails is a pure function
// of the seed and ctx.attempt (1 for the first try, 2 for the first retry, ...).
export default async function execute(input: Input, ctx: ToolContext) {
  await ctx.sleep(120); // the request's round trip
  if (chance(input.seed, ctx.attempt) < input.failure_rate) {
    // A 503 says "not now" rather than "never": the executor classifies it as transient, and since
    // this tool is idempotent it retries with exponential backoff and jitter.
    throw Object.assign(new Error(\`503 Service Unavailable: the inventory service is overloaded (attempt \${ctx.attempt})\`), { status: 503 });
  }
  const number = Number(input.item_id.slice(4));
  ctx.log(\`attempt \${ctx.attempt} succeeded\`);
  return {
    item_id: input.item_id,
    name: \`Widget \${number % 97}\`,
    in_stock: (number * 7) % 120,
    warehouse: ['Lyon', 'Rotterdam', 'Leipzig'][number % 3],
    attempt: ctx.attempt,
  };
}

/** A number in [0, 1) from the seed and the attempt (the mixing steps of mulberry32). */
function chance(seed: number, attempt: number): number {
  let value = (Math.imul(seed, 0x9e3779b1) + Math.imul(attempt, 0x6d2b79f5)) | 0;
  value = Math.imul(value ^ (value >>> 15), value | 1);
  value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
  return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
}
`,
};
