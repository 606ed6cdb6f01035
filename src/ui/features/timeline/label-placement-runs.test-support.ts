// Test support: real runs of every sample scenario for the label-placement tests, played in-process on a
// virtual clock under each timeout strategy, with the two tools that outlive their deadline made killable
// (in the app the sandbox kills them; in-process a stand-in listens to the kill signal). Each run gives
// its finished timeline and snapshots mid-run (open ghosts, "still running"). The canary run also gets the
// live Rollback a teacher does in its pause, so its mark and words are placed too.
import type { AgentRunEvent } from '../../../agent/index.ts';
import type { TimeoutStrategy, Tool, ToolContext } from '../../../core/index.ts';
import { buildTimeline, eventsUntil, type TimelineModel } from '../../../trace/index.ts';
import { sampleScenarios } from '../../../samples/scenarios/index.ts';
import { sampleAsTool } from '../../../samples/evaluate-sample.test-support.ts';
import { runSampleScenario } from '../../../samples/run-sample-scenario.test-support.ts';
import { cpuHog } from '../../../samples/tools/cpu-hog.ts';
import { stubbornTask } from '../../../samples/tools/stubborn-task.ts';

export interface PlacementRun {
  name: string;
  events: AgentRunEvent[];
  /** Mid-run snapshots, then the finished run. */
  models: TimelineModel[];
}

/** Work that ignores its abort signal and ends only when its time is up or it is killed. */
function lingering(tool: Tool, durationMs: (input: unknown) => number): Tool {
  return {
    ...tool,
    killable: true,
    execute: (input: unknown, ctx: ToolContext) =>
      new Promise((resolve, reject) => {
        ctx.killSignal?.addEventListener('abort', () => reject(new Error('killed')), { once: true });
        const waited = ctx.delay ? ctx.delay(durationMs(input)) : ctx.sleep(durationMs(input));
        void waited.then(() => resolve({ done: true }), reject);
      }),
  };
}

const strategies: [TimeoutStrategy, string][] = [
  ['race', 'race only'],
  ['abort', 'abort signal'],
  ['abort-then-kill', 'abort, then kill'],
];

function withRollback(events: AgentRunEvent[]): AgentRunEvent[] {
  const firstBatchEnd = events.find((event) => event.type === 'tool-call-end' && event.toolCallId === 'call_6')?.time ?? 0;
  const rollback = {
    type: 'tool-versions-change',
    time: firstBatchEnd + 1000,
    name: 'flaky_api',
    change: 'rollback',
    versions: [{ version: 'v1', traffic: 1 }],
  } as unknown as AgentRunEvent;
  return [...events, rollback].sort((first, second) => first.time - second.time);
}

export async function labelPlacementRuns(): Promise<PlacementRun[]> {
  const replaceTools = {
    stubborn_task: lingering(sampleAsTool(stubbornTask), (input) => (input as { duration_ms?: number }).duration_ms ?? 3000),
    // A synchronous endless loop in-process would freeze the test: it runs "for ever" until killed.
    cpu_hog: lingering(sampleAsTool(cpuHog), () => 60_000),
  };
  const runs: PlacementRun[] = [];
  for (const scenario of sampleScenarios)
    for (const [strategy, strategyName] of strategies) {
      const run = await runSampleScenario(scenario, { replaceTools, timeoutStrategy: strategy });
      // Executor events after the run ended (late settles, kills) are only in executorEvents.
      const forwarded = run.events.filter((event) => run.executorEvents.includes(event as never)).length;
      const late = run.executorEvents.slice(forwarded) as AgentRunEvent[];
      const played = [...run.events, ...late].sort((first, second) => first.time - second.time);
      const events = scenario.name.startsWith('Canary') ? withRollback(played) : played;
      const start = events[0]?.time ?? 0;
      const end = events.at(-1)?.time ?? start;
      const snapshots = [0.25, 0.5, 0.75].map((share) => {
        const now = start + (end - start) * share;
        return buildTimeline(events.slice(0, eventsUntil(events, now)), now);
      });
      runs.push({ name: `${scenario.name} · ${strategyName}`, events, models: [...snapshots, buildTimeline(events)] });
    }
  return runs;
}
