import { defineScenario } from './define-scenario.ts';

export const timeoutScenario = defineScenario({
  name: 'Timeout: a slow report and a stubborn task',
  description:
    'Both calls would take 6 s; both tools have a 3 s timeout, so the model gets two timeout errors after 3 s. ' +
    'What happens to the work is the Timeout strategy (Run settings): with "abort signal" slow_report stops at ' +
    'the deadline, while stubborn_task ignores its signal and runs on as a ghost bar, "still running — result ' +
    'will be discarded"; "abort, then kill" (the default) also kills it 2 s after the deadline (✕); "race only" ' +
    'lets both run to their end and discards both results.',
  seed: 5,
  turns: [
    {
      text: 'Starting the report and the reindex job.',
      latencyMs: 150,
      toolCalls: [
        { name: 'slow_report', arguments: { topic: 'Yearly revenue, all regions', duration_ms: 6000 } },
        { name: 'stubborn_task', arguments: { job: 'reindex search', duration_ms: 6000 } },
      ],
    },
  ],
});
