// Chapters 6-10: time, load, failure in production, versions, and what to measure.
import { canaryScenario } from '../samples/scenarios/canary.ts';
import { fanOutScenario } from '../samples/scenarios/fan-out.ts';
import { flakyRetryScenario } from '../samples/scenarios/flaky-retry.ts';
import { timeoutScenario } from '../samples/scenarios/timeout.ts';
import { failedWith, limitSetAndUsed, openedAndShowing, scenarioRunEnded, someCall } from './run-checks.ts';
import type { TourChapter } from './tour-types.ts';

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
    tryIt: {
      instruction:
        "Load the scenario and run it: both calls end with a timeout error at 3 s; watch what each tool's work does after its deadline.",
      check: (view) => scenarioRunEnded(view, timeoutScenario.name) && someCall(view, failedWith('timeout')),
    },
  },
  {
    id: 'parallel-calls',
    title: 'Parallel calls and the concurrency limit',
    body: [
      'A model may ask for several independent tools in one turn. Run together, the turn is as slow as the slowest call instead of the sum.',
      'A concurrency limit (a semaphore, as p-limit does) protects downstream services from a burst: ten reports run in waves of at most the limit set in Run settings.',
    ],
    scenarioName: fanOutScenario.name,
    target: 'Timeline',
    actsIn: ['Run settings', 'Conversation'],
    tryIt: {
      instruction:
        'In Run settings, set Concurrency limit to a number below 10 (try 2), then load the scenario and run it: the ten reports come in waves of that many.',
      check: (view) => scenarioRunEnded(view, fanOutScenario.name) && limitSetAndUsed(view),
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
      'With dozens of tools, discovery offers the model only the few most relevant to the request. Tools report their health, and unhealthy ones are taken out of rotation.',
      'A new version starts with a small canary share of traffic, routed by a stable hash so one conversation sees one version, and is rolled back at once if it misbehaves. Here version 2 of flaky_api fails far more often than version 1.',
    ],
    scenarioName: canaryScenario.name,
    target: 'Timeline',
    tryIt: {
      instruction: 'Load the scenario and run it; compare the healthy calls with the failing canary ones.',
      check: (view) => scenarioRunEnded(view, canaryScenario.name) && someCall(view, (call) => call.status === 'error'),
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
    tryIt: {
      instruction: 'After any run, open the Metrics tab of the Timeline.',
      check: (view) => openedAndShowing(view, 'timeline', 'metrics') && view.runId !== null && !view.running && view.calls.length > 0,
    },
  },
];
