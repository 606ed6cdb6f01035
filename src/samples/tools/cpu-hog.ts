import type { SampleTool } from '../sample-types.ts';

export const cpuHog: SampleTool = {
  name: 'cpu_hog',
  description:
    'Crunch numbers for an analysis. Teaching sample: its loop never ends and never awaits, the runaway ' + 'code only a sandbox can stop.',
  idempotent: true,
  timeoutMs: 1_000,
  // A loop that never ends will not end on the next attempt either.
  retry: { maxAttempts: 1 },
  exampleArguments: { analysis: 'churn by region' },
  schemaSource: `import { z } from 'zod';

export default z.object({
  analysis: z.string().min(1).max(120).describe('What to analyse, e.g. "churn by region"'),
});
`,
  codeSource: `// The bug on purpose: the exit condition can never become true. The loop is synchronous, so it never
// yields: ctx.signal's abort event cannot even be delivered, and a Promise.race timer cannot fire in this
// thread. The executor's race still answers at the deadline, and the sandbox terminates this worker
// (the only way to stop it), so the page and the other calls keep running.
export default async function execute(input: Input, ctx: ToolContext) {
  ctx.log(\`analysing \${input.analysis}\`);
  let iterations = 0;
  let converged = false;
  while (!converged) {
    iterations++;
    converged = iterations < 0; // never true
    // Log lines are posted to the host as they happen, so the result shows how far the loop got.
    if (iterations % 200_000_000 === 0) ctx.log(\`still looping: \${iterations.toLocaleString('en')} iterations\`);
  }
  return { analysis: input.analysis, iterations };
}
`,
};
