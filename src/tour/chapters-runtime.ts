// Chapters 6-10: time, load, failure in production, versions, and what to measure.
import { canaryScenario } from '../samples/scenarios/canary.ts';
import { flakyRetryScenario } from '../samples/scenarios/flaky-retry.ts';
import { inventoryBurstScenario } from '../samples/scenarios/inventory-burst.ts';
import { timeoutScenario } from '../samples/scenarios/timeout.ts';
import { comparedLimitsAround, failedWith, openedAndShowing, scenarioRunEnded, someCall } from './run-checks.ts';
import { editingRow, runScenario } from './chapters-basics.ts';
import type { TourCardRoom, TourChapter } from './tour-types.ts';
import type { TourView } from './tour-view.ts';

/** The editor and test call: free while a chapter is about a run, leaving Tools and Run settings in view. */
const editorColumn: readonly TourCardRoom[] = ['Editor', 'Test call'];

/** A canary failed, and the calls after its last one (the whole second batch) all went to v1: a live Rollback. */
function rolledBackDuringRun(view: TourView): boolean {
  const flaky = view.calls.filter((call) => call.name === 'flaky_api');
  const lastCanary = flaky.findLastIndex((call) => call.version !== null && call.version !== 'v1');
  if (lastCanary < 0 || flaky[lastCanary]?.status !== 'error') return false;
  return flaky.slice(lastCanary + 1).filter((call) => call.version === 'v1').length >= 6;
}

export const runtimeChapters: readonly TourChapter[] = [
  {
    id: 'timeouts',
    title: 'Timeouts: race, signal, kill',
    body: [
      'Promise.race against a timer only decides how long to wait: the work runs on. An AbortSignal lets a cooperative tool stop; only a hard kill (terminating its worker) stops one that ignores it. Run settings → Timeout strategy picks one: race only, abort signal, or abort, then kill after a grace period.',
      'Here both calls time out after 3 s. slow_report honours its signal: its bar ends at the deadline. stubborn_task ignores it: its bar goes on as a ghost, "still running — result will be discarded", until it is killed (✕) or, with race only or abort signal, settles late and its result is thrown away.',
    ],
    scenarioName: timeoutScenario.name,
    target: 'Timeline',
    stage: { layout: 'lesson-run', timelineTab: 'timeline' },
    actions: [runScenario],
    // Its Timeout strategy is in Run settings.
    watch: ['Run settings'],
    cardRoom: editorColumn,
    tryIt: {
      instruction:
        "Load the scenario and run it: both calls end with a timeout error at 3 s; watch what each tool's work does after its deadline.",
      check: (view) => scenarioRunEnded(view, timeoutScenario.name) && someCall(view, failedWith('timeout')),
    },
  },
  {
    id: 'parallel-calls',
    title: 'Parallel calls and a limit that protects the downstream',
    body: [
      'Run together, a turn of calls is as slow as the slowest one, until they all hit one service. inventory_api calls a shared service that serves 4 requests at once: the more in flight, the slower each answer, and one more gets 429 with Retry-After: 1.',
      "Compare's table shows the cost. Unlimited: 429s at once, retried together, 4 errors in the end (2.8 s). Concurrency 1: no errors, but everything queues (3.5 s). Concurrency 3, near the capacity: no errors, no retries, fastest (2.5 s). ★ marks the best of each column.",
    ],
    scenarioName: inventoryBurstScenario.name,
    target: 'Timeline',
    // The chapter opens Timeline → Compare; pressing Compare is the person's part.
    stage: { layout: 'lesson-compare', timelineTab: 'compare' },
    actions: [{ region: 'Timeline', role: 'button', name: 'Compare' }],
    cardRoom: editingRow,
    tryIt: {
      instruction: 'Load the scenario, then press Compare in Timeline → Compare (Concurrency 1, 3 and Unlimited are ticked).',
      // A comparison started during the chapter, of this scenario around the capacity, on show.
      check: (view) => view.newComparison && comparedLimitsAround(view, inventoryBurstScenario.name),
    },
  },
  {
    id: 'retries',
    title: 'Retries, backoff, Retry-After and idempotency',
    body: [
      'Transient failures (timeouts, 429, 5xx) are retried with exponential backoff and jitter, waiting as long as a Retry-After header asks; permanent ones (bad arguments, permission denied) are not.',
      'Only idempotent tools are retried automatically: a tool with side effects, like send_email in chapter 5, needs an idempotency key or a human. The Rate limit scenario shows Retry-After honoured.',
    ],
    scenarioName: flakyRetryScenario.name,
    target: 'Timeline',
    // Back on the chart: Compare's table from the chapter before would show another scenario.
    stage: { layout: 'lesson-run', timelineTab: 'timeline' },
    actions: [runScenario],
    cardRoom: editorColumn,
    tryIt: {
      instruction: 'Load the scenario and run it; flaky_api fails twice, waits, and succeeds on the third attempt.',
      // A retry was scheduled; whether the third attempt then succeeds depends on the seed, not the executor.
      check: (view) => scenarioRunEnded(view, flakyRetryScenario.name) && view.retriesScheduled > 0,
    },
  },
  {
    id: 'health-and-versions',
    title: 'Discovery, health and canary versions',
    body: [
      "For its own run, this scenario sets up what it needs (your workspace stays as it is; afterwards you may keep v2): discovery offers each turn only the top 3 tools, and lookup_user's downstream is down (Faults: 503 on every request), so the health check that starts the run takes it out of rotation.",
      'v1 of flaky_api is frozen as the stable version; v2 has a bug (it no longer parses "sku-1001") and takes a 25% canary share, routed by a stable hash of each call id. The rows and the Calls table say which version served each call. When v2 misbehaves, roll it back: the calls after go to v1.',
    ],
    scenarioName: canaryScenario.name,
    target: 'Timeline',
    // flaky_api selected with its Versions tab open, tall enough for Rollback, beside the timeline and Run scenario.
    stage: { layout: 'lesson-versions', timelineTab: 'timeline', tool: 'flaky_api', editorTab: 'versions' },
    actions: [runScenario, { region: 'Editor', role: 'button', name: 'Rollback' }],
    watch: ['Tools', 'Editor'],
    cardRoom: ['Conversation messages'],
    tryIt: {
      instruction:
        "Load the scenario and run it. When v2's first calls fail (red rows), press Rollback in the Versions tab within the 4 s pause: the next six calls go to v1. Missed it? Run it once more: each run sets v2 up again.",
      check: (view) =>
        scenarioRunEnded(view, canaryScenario.name) && rolledBackDuringRun(view) && someCall(view, failedWith('unavailable')),
    },
  },
  {
    id: 'metrics',
    title: 'Metrics',
    body: [
      'An executor in production is watched through numbers: latency percentiles (p50, p95, p99), success and error rates by tool and error kind, the retry rate and the current concurrency.',
      'The Metrics tab of the Timeline computes them for the last run and exports them in the Prometheus format.',
    ],
    target: 'Timeline',
    stage: { layout: 'lesson-run', timelineTab: 'timeline' },
    actions: [{ region: 'Timeline', role: 'tab', name: 'Metrics' }],
    cardRoom: editorColumn,
    tryIt: {
      instruction: 'After any run, open the Metrics tab of the Timeline.',
      check: (view) => openedAndShowing(view, 'timeline', 'metrics') && view.runId !== null && !view.running && view.calls.length > 0,
    },
  },
];
