import { defineScenario } from './define-scenario.ts';

export const invalidArgumentsScenario = defineScenario(
  {
    name: 'Invalid arguments, corrected on the next turn',
    description:
      'The model calls lookup_user with a made-up key, no user_id and a field that does not exist. The executor ' +
      'rejects the call before any code runs and names each bad field; the model reads that and fixes its call.',
    seed: 3,
    turns: [
      {
        text: 'Let me look up Ada.',
        latencyMs: 150,
        toolCalls: [{ name: 'lookup_user', arguments: { id: 'ada', fields: ['name', 'email', 'phone'] } }],
      },
      {
        text: 'The tool wants user_id, not id, and has no phone field. Trying again.',
        latencyMs: 150,
        toolCalls: [{ name: 'lookup_user', arguments: { user_id: 'usr_8f3k2a', fields: ['name', 'email', 'plan'] } }],
      },
      { text: 'Ada Lovelace (ada@example.com) is on the pro plan.', latencyMs: 100 },
    ],
  },
  // The rejected call never ran; the corrected one did, and the answer uses what it returned.
  [
    { type: 'called', tool: 'lookup_user', arguments: { user_id: 'usr_8f3k2a' } },
    { type: 'max-calls', tool: 'lookup_user', max: 2 },
    { type: 'final-answer', contains: 'pro plan' },
  ],
);
