// Test-only: the Python samples as in-process tools for the scenario runs of vitest, which has no
// Pyodide. Each does what its Python function does (python-samples.ts), so a scenario that adds one plays
// out here as in the browser; e2e/python-scenario.spec.ts runs the real Python in the sandbox.
import { z } from 'zod';
import { defineTool, TransientError, type Tool } from '../core/index.ts';

const rateLimited = defineTool({
  name: 'rate_limited',
  description: 'A rate-limited API: the first attempt is told to come back after Retry-After.',
  schema: z.object({ query: z.string() }),
  idempotent: true,
  // `raise TransientError("429 Too Many Requests", retry_after=0.3, status=429)` on the first attempt.
  async execute({ query }, ctx) {
    if (ctx.attempt === 1) throw new TransientError('429 Too Many Requests', { retryAfterMs: 300 });
    return { query, attempt: ctx.attempt };
  },
});

export const pythonStandIns: readonly Tool[] = [rateLimited as Tool];
