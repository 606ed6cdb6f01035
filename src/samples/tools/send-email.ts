import type { SampleTool } from '../sample-types.ts';

export const sendEmail: SampleTool = {
  name: 'send_email',
  description:
    'Send a plain-text email. This has a side effect (the recipient gets a message), so it is not idempotent ' +
    'and is never retried automatically. Returns the message id.',
  idempotent: false,
  exampleArguments: { to: 'ada@example.com', subject: 'Your weekly report', body: 'Hello Ada, the report is attached.' },
  schemaSource: `import { z } from 'zod';

export default z.object({
  to: z.email().describe('Recipient address'),
  subject: z.string().min(1).max(200).describe('Subject line'),
  body: z.string().min(1).max(20_000).describe('Plain-text body'),
});
`,
  codeSource: `// Addresses at this domain simulate a mail server that takes the message and then drops the
// connection: the classic ambiguous failure. Only the first attempt fails, so a retry would "work",
// and the recipient might get the mail twice. That is why the executor never retries a tool that is
// not idempotent, whatever the error: the model (or a person) decides what to do next.
const UNRELIABLE_DOMAIN = 'unreliable-mail.example';

export default async function execute(input: Input, ctx: ToolContext) {
  await ctx.sleep(250); // talking to the mail server
  if (input.to.endsWith(\`@\${UNRELIABLE_DOMAIN}\`) && ctx.attempt === 1) {
    throw Object.assign(
      new Error(
        \`503 from the mail server after it received the message (attempt \${ctx.attempt}): it may or may not have been sent. \` +
          \`Do not resend blindly: check the outbox for idempotency key \${ctx.idempotencyKey}.\`,
      ),
      { status: 503 },
    );
  }
  // The idempotency key is the same for every attempt of this call. Mail APIs that deduplicate on such a
  // key (often an Idempotency-Key header) make a deliberate resend safe; here it names the message.
  const messageId = \`<\${ctx.idempotencyKey.replace(/[^a-zA-Z0-9]+/g, '.')}@mail.toolscope.example>\`;
  ctx.log(\`sent "\${input.subject}" to \${input.to} as \${messageId}\`);
  return { message_id: messageId, to: input.to, subject: input.subject, accepted: true };
}
`,
};
