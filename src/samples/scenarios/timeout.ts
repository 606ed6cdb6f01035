import { defineScenario } from './define-scenario.ts';

export const timeoutScenario = defineScenario({
  name: 'Timeout: a slow report and a stubborn task',
  description:
    'Both calls would take 5 s; both tools have a 2 s timeout. slow_report waits with ctx.sleep and stops as ' +
    'soon as its signal aborts; stubborn_task ignores the signal, so the sandbox stops it by terminating its ' +
    'worker. Either way the model gets a timeout error after 2 s, not 5 s.',
  seed: 5,
  turns: [
    {
      text: 'Starting the report and the reindex job.',
      latencyMs: 150,
      toolCalls: [
        { name: 'slow_report', arguments: { topic: 'Yearly revenue, all regions', duration_ms: 5000 } },
        { name: 'stubborn_task', arguments: { job: 'reindex search', duration_ms: 5000 } },
      ],
    },
  ],
});
