import type { SampleTool } from '../sample-types.ts';

export const lookupUser: SampleTool = {
  name: 'lookup_user',
  description:
    'Look up a user of our product by id and return the requested fields (name, email, plan, created_at). ' +
    'The arguments are checked strictly: unknown keys are rejected, not ignored.',
  idempotent: true,
  exampleArguments: { user_id: 'usr_8f3k2a', fields: ['name', 'email', 'plan'] },
  schemaSource: `import { z } from 'zod';

// strictObject: an unknown key is an error, not something to drop silently. When the model invents
// "id" or "username", it is told so, with the path of each bad field, and fixes its call.
export default z.strictObject({
  user_id: z
    .string()
    .regex(/^usr_[0-9a-z]{6}$/, 'must be "usr_" followed by 6 lowercase letters or digits')
    .describe('User id, e.g. "usr_8f3k2a"'),
  fields: z
    .array(z.enum(['name', 'email', 'plan', 'created_at']))
    .min(1)
    .default(['name', 'email'])
    .describe('Which fields to return'),
});
`,
  codeSource: `interface User {
  name: string;
  email: string;
  plan: 'free' | 'pro' | 'enterprise';
  created_at: string;
}

const USERS: Record<string, User> = {
  usr_8f3k2a: { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro', created_at: '2023-02-11' },
  usr_2b7q9z: { name: 'Alan Turing', email: 'alan@example.com', plan: 'enterprise', created_at: '2022-06-23' },
  usr_5m1x4c: { name: 'Grace Hopper', email: 'grace@example.com', plan: 'free', created_at: '2024-12-09' },
};

export default async function execute(input: Input, ctx: ToolContext) {
  await ctx.sleep(80); // a database read
  // By the time execute runs, the executor has validated the input against the schema: no checks of
  // types or unknown keys here, only what the schema cannot know (does this user exist?).
  const user = USERS[input.user_id];
  if (user === undefined) {
    // 404 is permanent: asking again with the same id will not help, so it is not retried.
    throw Object.assign(new Error(\`No user with id "\${input.user_id}"\`), { status: 404 });
  }
  ctx.log('found', input.user_id);
  return { user_id: input.user_id, ...Object.fromEntries(input.fields.map((field) => [field, user[field]])) };
}
`,
};
