import type { SampleTool } from '../sample-types.ts';

export const slowReport: SampleTool = {
  name: 'slow_report',
  description:
    'Build a sales report on a topic. Slow: it takes about duration_ms milliseconds. Returns the sections ' +
    'and when the work started and finished.',
  idempotent: true,
  // Tight on purpose, so the Timeout scenario does not keep you waiting.
  timeoutMs: 3_000,
  // A report that took too long once will take too long again: retrying a timeout here would only
  // triple the wait, so this tool gets a single attempt.
  retry: { maxAttempts: 1 },
  exampleArguments: { topic: 'Q3 sales in Europe', duration_ms: 1000 },
  schemaSource: `import { z } from 'zod';

export default z.object({
  topic: z.string().min(1).max(120).describe('What the report is about, e.g. "Q3 sales in Europe"'),
  duration_ms: z.number().int().min(100).max(60_000).default(1000).describe('How long building the report takes (simulated work), in ms'),
});
`,
  codeSource: `const SECTIONS = ['Summary', 'Revenue', 'Trends', 'Risks', 'Outlook'];

export default async function execute(input: Input, ctx: ToolContext) {
  const startedAt = new Date().toISOString();
  const steps = SECTIONS.length;
  for (let step = 0; step < steps; step++) {
    // ctx.sleep honours ctx.signal: when the call times out (or you press Stop) it rejects, and the
    // work ends here, between two sections, instead of running on unseen in the background.
    await ctx.sleep(input.duration_ms / steps);
    ctx.log(\`\${SECTIONS[step]} done (\${step + 1}/\${steps})\`);
  }
  return {
    topic: input.topic,
    sections: SECTIONS.map((section) => \`\${section}: \${input.topic}\`),
    // Wall-clock times, so you can see which calls overlapped when several reports run at once.
    started_at: startedAt,
    finished_at: new Date().toISOString(),
  };
}
`,
};
