import type { SampleTool } from './sample-types.ts';

/** What "New tool" starts from: small, valid, and showing the parts a tool needs. */
export const toolTemplate: SampleTool = {
  name: 'new_tool',
  description: 'Describe what the tool does and when the model should use it.',
  idempotent: true,
  exampleArguments: { text: 'hello' },
  schemaSource: `import { z } from 'zod';

export default z.object({
  text: z.string().describe('The text to process'),
});
`,
  codeSource: `export default async function execute(input: Input, ctx: ToolContext) {
  ctx.log('called with', input);
  return { length: input.text.length };
}
`,
};
