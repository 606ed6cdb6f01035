import type { SampleTool } from '../sample-types.ts';

export const rateLimitedApi: SampleTool = {
  name: 'rate_limited_api',
  description:
    'Get the exchange rate between two currencies from a rate-limited API. When over its limit the API answers ' +
    '429 Too Many Requests with a Retry-After header saying how many seconds to wait.',
  idempotent: true,
  exampleArguments: { base: 'EUR', quote: 'USD', limited_attempts: 1, retry_after_seconds: 2 },
  schemaSource: `import { z } from 'zod';

const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as "EUR"');

export default z.object({
  base: currency.describe('Currency to convert from, e.g. "EUR"'),
  quote: currency.describe('Currency to convert to, e.g. "USD"'),
  limited_attempts: z.number().int().min(0).max(5).default(1).describe('Simulation: how many attempts hit the rate limit before one gets through'),
  retry_after_seconds: z.number().int().min(0).max(3600).default(2).describe('Simulation: the Retry-After value the API sends with its 429'),
});
`,
  codeSource: `const RATES: Record<string, number> = { EUR: 1, USD: 1.09, GBP: 0.86, JPY: 162.4, CHF: 0.95 };

interface SimulatedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export default async function execute(input: Input, ctx: ToolContext) {
  const response = await simulatedRequest(input, ctx);
  if (response.status === 429) {
    const seconds = Number(response.headers['retry-after']);
    // Of a thrown error only message, status, retryable and retryAfterMs cross the sandbox boundary,
    // so the header is read here and the wait goes in retryAfterMs. The executor waits that long instead
    // of its own backoff when the value is between 0 and 60 s; a longer one is ignored (an interactive
    // agent should not sleep for an hour), and the usual backoff applies.
    throw Object.assign(new Error(\`429 Too Many Requests: retry after \${seconds} s (attempt \${ctx.attempt})\`), {
      status: 429,
      retryAfterMs: seconds * 1000,
    });
  }
  return response.body;
}

/** Stands in for a fetch to the API, so the sample runs offline. Each attempt is a fresh worker, so the rate-limit window is simulated from ctx.attempt. */
async function simulatedRequest(input: Input, ctx: ToolContext): Promise<SimulatedResponse> {
  await ctx.sleep(100);
  if (ctx.attempt <= input.limited_attempts) {
    return { status: 429, headers: { 'retry-after': String(input.retry_after_seconds) }, body: null };
  }
  const from = RATES[input.base];
  const to = RATES[input.quote];
  // An unknown currency is the caller's mistake: no status 5xx or 429, so it is not retried.
  if (from === undefined || to === undefined) throw new Error(\`Unknown currency: known ones are \${Object.keys(RATES).join(', ')}\`);
  ctx.log(\`got through on attempt \${ctx.attempt}\`);
  return { status: 200, headers: {}, body: { base: input.base, quote: input.quote, rate: Number((to / from).toFixed(4)), attempt: ctx.attempt } };
}
`,
};
