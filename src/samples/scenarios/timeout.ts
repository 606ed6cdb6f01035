import { defineScenario } from './define-scenario.ts';

export const timeoutScenario = defineScenario({
  name: 'Timeout: a slow report and a stubborn task',
  description:
    'Both calls would take 6 s; both tools have a 3 s timeout. slow_report waits with ctx.sleep and stops as ' +
    'soon as its signal aborts; stubborn_task ignores the signal, so the sandbox stops it by terminating its ' +
    'worker. Either way the model gets a timeout error after 3 s, not 6 s.',
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
