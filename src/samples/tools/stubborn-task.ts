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
// The timeout's race still answers the model on time, but without a signal nothing tells the work to
// stop. Run in-process, it would go on after the deadline, and the executor would record a "late
// settle" when it finally finished. Toolscope runs it in a worker and terminates the worker at the
// deadline, so here the job is killed: the "finished" log line below never appears after a timeout.
export default async function execute(input: Input, ctx: ToolContext) {
  ctx.log(\`\${input.job}: started, will take \${input.duration_ms} ms whatever happens\`);
  await new Promise<void>((resolve) => setTimeout(resolve, input.duration_ms));
  ctx.log(\`\${input.job}: finished\`);
  return { job: input.job, finished_at: new Date().toISOString() };
}
`,
};
