import { defineScenario } from './define-scenario.ts';

export const sideEffectsScenario = defineScenario(
  {
    name: 'Side effects: send_email is never retried',
    description:
      'send_email and flaky_api both fail their first attempt with a 503. flaky_api only reads, so it is retried ' +
      'and succeeds. send_email is not idempotent: the mail may already have gone out and a retry could send it ' +
      'twice, so its error goes straight back to the model.',
    seed: 9,
    turns: [
      {
        text: 'Sending the report and checking stock.',
        latencyMs: 150,
        toolCalls: [
          {
            name: 'send_email',
            arguments: {
              to: 'team@unreliable-mail.example',
              subject: 'Weekly stock report',
              body: 'Hello team, the weekly stock report is below.',
            },
          },
          { name: 'flaky_api', arguments: { item_id: 'sku-2001', failure_rate: 0.5, seed: 5 } },
        ],
      },
    ],
  },
  // The read was retried into a success; the mail was not, so its 503 is the one error of the run.
  [
    { type: 'no-error', tool: 'flaky_api' },
    { type: 'called', tool: 'send_email', max: 1 },
  ],
);
