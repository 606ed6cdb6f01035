import type { SampleTool } from '../sample-types.ts';

export const stubbornTask: SampleTool = {
  name: 'stubborn_task',
  description:
    'Run a maintenance job (simulated) that takes duration_ms milliseconds and ignores cancellation. ' +
    'Teaching sample: it never looks at ctx.signal, so only the sandbox can stop it.',
  idempotent: true,
  timeoutMs: 3_000,
  // Retrying work that ignores its deadline would only pile up more of it.
  retry: { maxAttempts: 1 },
  exampleArguments: { job: 'reindex search', duration_ms: 5000 },
  schemaSource: `import { z } from 'zod';

export default z.object({
  job: z.string().min(1).max(120).describe('Name of the maintenance job, e.g. "reindex search"'),
  duration_ms: z.number().int().min(100).max(60_000).default(3000).describe('How long the job takes (simulated work), in ms'),
});
`,
  codeSource: `// The mistake on purpose: a plain setTimeout instead of ctx.sleep, and ctx.signal is never checked.
// At the deadline the executor stops waiting and the model gets its timeout, but nothing tells this
// work to stop. What happens next is the run's Timeout strategy: with "race only" or "abort signal" the
// job runs on to its end and its late result is discarded; with "abort, then kill" the sandbox
// terminates its worker after the grace period, so the "finished" line below never appears.
export default async function execute(input: Input, ctx: ToolContext) {
  ctx.log(\`\${input.job}: started, will take \${input.duration_ms} ms whatever happens\`);
  await new Promise<void>((resolve) => setTimeout(resolve, input.duration_ms));
  ctx.log(\`\${input.job}: finished\`);
  return { job: input.job, finished_at: new Date().toISOString() };
}
`,
};
