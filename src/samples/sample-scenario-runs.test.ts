import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '../core/index.ts';
import { fanOutScenario } from './scenarios/fan-out.ts';
import { flakyRetryScenario } from './scenarios/flaky-retry.ts';
import { invalidArgumentsScenario } from './scenarios/invalid-arguments.ts';
import { inventoryBurstScenario } from './scenarios/inventory-burst.ts';
import { maxIterationsScenario } from './scenarios/max-iterations.ts';
import { parallelCallsScenario } from './scenarios/parallel-calls.ts';
import { rateLimitScenario } from './scenarios/rate-limit.ts';
import { runawayCodeScenario } from './scenarios/runaway-code.ts';
import { sideEffectsScenario } from './scenarios/side-effects.ts';
import { timeoutScenario } from './scenarios/timeout.ts';
import { unknownToolScenario } from './scenarios/unknown-tool.ts';
import { sampleAsTool } from './evaluate-sample.test-support.ts';
import { peakConcurrency, runSampleScenario } from './run-sample-scenario.test-support.ts';
import { cpuHog } from './tools/cpu-hog.ts';
import { errorOf } from '../core/index.ts';

// Issue 9: every scenario, played end to end in-process on a virtual clock with the sample tools and a
// new workspace's run settings, shows the outcome it teaches. (e2e/samples.spec.ts plays them in the
// browser, in the sandbox, in real time.)

afterEach(() => {
  vi.useRealTimers();
});

describe('sample scenarios, played in-process', () => {
  it('parallel calls: the turn takes as long as the slowest call, not the sum', async () => {
    const { result, calls } = await runSampleScenario(parallelCallsScenario);
    expect(result.stopReason).toBe('final_answer');
    expect(calls.map((call) => call.status)).toEqual(['success', 'success', 'success', 'success']);
    expect(new Set(calls.map((call) => call.startedAt)).size).toBe(1);
    const batchMs = Math.max(...calls.map((call) => call.endedAt)) - calls[0]!.startedAt;
    const sumMs = calls.reduce((sum, call) => sum + call.durationMs, 0);
    expect(batchMs).toBe(Math.max(...calls.map((call) => call.durationMs)));
    expect(batchMs).toBeLessThan(sumMs / 2);
    expect(result.reply).toContain('get_weather');
  });

  it('inventory burst: at the default limit of 4 (the service capacity) sixteen calls come in waves, none rejected', async () => {
    const { result, calls, events } = await runSampleScenario(inventoryBurstScenario);
    expect(result.stopReason).toBe('final_answer');
    expect(calls).toHaveLength(16);
    expect(calls.every((call) => call.status === 'success' && call.attempts === 1)).toBe(true);
    expect(peakConcurrency(events)).toBe(4);
    // Each answer says how busy the service was: never more than its capacity of 4.
    const inFlight = calls.map((call) =>
      call.status === 'success' ? (call.result as { requests_in_flight: number }).requests_in_flight : 0,
    );
    expect(Math.max(...inFlight)).toBe(4);
    expect(Math.min(...inFlight)).toBe(1);
  });

  it('fan-out: ten calls, never more than four at once, in three waves', async () => {
    const { calls, events } = await runSampleScenario(fanOutScenario);
    expect(calls).toHaveLength(10);
    expect(calls.every((call) => call.status === 'success')).toBe(true);
    expect(peakConcurrency(events)).toBe(4);
    const starts = [...new Set(calls.map((call) => call.startedAt))].sort((first, second) => first - second);
    expect(starts.map((start) => start - starts[0]!)).toEqual([0, 300, 600]);
  });

  it('invalid arguments: rejected with every bad path, corrected on the next turn', async () => {
    const { result, calls } = await runSampleScenario(invalidArgumentsScenario);
    expect(calls[0]).toMatchObject({ status: 'error', attempts: 0, error: { kind: 'invalid_arguments' } });
    expect(errorOf(calls[0]!)?.issues?.map((issue) => issue.path)).toEqual(expect.arrayContaining(['user_id', 'fields.2']));
    expect(errorOf(calls[0]!)?.message).toContain('id: Unrecognized key');
    expect(calls[1]).toMatchObject({ status: 'success', result: { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro' } });
    expect(result).toMatchObject({
      stopReason: 'final_answer',
      iterations: 3,
      reply: 'Ada Lovelace (ada@example.com) is on the pro plan.',
    });
  });

  it('unknown tool: an error listing the real tools, then the model falls back', async () => {
    const { result, calls } = await runSampleScenario(unknownToolScenario);
    expect(calls[0]).toMatchObject({ name: 'get_stock_price', status: 'error', error: { kind: 'unknown_tool' } });
    expect(errorOf(calls[0]!)?.message).toContain('search_web');
    expect(calls[1]).toMatchObject({ name: 'search_web', status: 'success' });
    expect(result.stopReason).toBe('final_answer');
  });

  it('timeout: both calls end at 3 s; in-process the stubborn one is seen settling late, at 6 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { calls, executorEvents, clock } = await runSampleScenario(timeoutScenario);
    for (const call of calls) expect(call).toMatchObject({ status: 'error', error: { kind: 'timeout' }, durationMs: 3000, attempts: 1 });
    const late = () =>
      executorEvents.flatMap((event) => (event.type === 'attempt-late-settle' ? [{ name: event.name, outcome: event.outcome }] : []));
    // slow_report's ctx.sleep rejects on the abort: it stops at once (reported as a late error).
    expect(late()).toEqual([{ name: 'slow_report', outcome: 'error' }]);
    // stubborn_task's own timer keeps it going after the run has ended; outside a sandbox nothing stops it.
    await vi.advanceTimersByTimeAsync(6000);
    expect(late()).toEqual([
      { name: 'slow_report', outcome: 'error' },
      { name: 'stubborn_task', outcome: 'success' },
    ]);
    expect(clock.now()).toBeLessThan(3500);
  });

  it('runaway code: the race answers at the 1 s deadline; the next call runs', async () => {
    // A synchronous endless loop would freeze this test runner, which is exactly why the app runs tools
    // in a worker it can terminate. In-process, a never-settling stand-in plays cpu_hog.
    const standIn: Tool = { ...sampleAsTool(cpuHog), execute: () => new Promise(() => {}) };
    const { result, calls } = await runSampleScenario(runawayCodeScenario, { replaceTools: { cpu_hog: standIn } });
    expect(calls[0]).toMatchObject({ name: 'cpu_hog', status: 'error', error: { kind: 'timeout' }, durationMs: 1000, attempts: 1 });
    expect(calls[1]).toMatchObject({ name: 'calculator', status: 'success', result: { result: 50 } });
    expect(result.stopReason).toBe('final_answer');
  });

  it('flaky tool: two 503s, backoff waits of 375 and 750 ms, success on attempt 3', async () => {
    const { calls, events } = await runSampleScenario(flakyRetryScenario);
    expect(calls[0]).toMatchObject({ status: 'success', attempts: 3, result: { attempt: 3 } });
    const retries = events.flatMap((event) => (event.type === 'retry-scheduled' ? [{ delayMs: event.delayMs, reason: event.reason }] : []));
    expect(retries).toEqual([
      { delayMs: 375, reason: 'status 503' },
      { delayMs: 750, reason: 'status 503' },
    ]);
  });

  it('rate limit: waits the 2 s Retry-After; ignores 120 s and backs off as usual', async () => {
    const { calls, events } = await runSampleScenario(rateLimitScenario);
    expect(
      calls.map((call) => ({ quote: (call.arguments as { quote: string }).quote, status: call.status, attempts: call.attempts })),
    ).toEqual(
      expect.arrayContaining([
        { quote: 'USD', status: 'success', attempts: 2 },
        { quote: 'GBP', status: 'success', attempts: 2 },
      ]),
    );
    const retries = events.flatMap((event) =>
      event.type === 'retry-scheduled' ? [{ delayMs: event.delayMs, retryAfterMs: event.retryAfterMs }] : [],
    );
    expect(retries).toEqual(
      expect.arrayContaining([
        { delayMs: 2000, retryAfterMs: 2000 },
        { delayMs: 375, retryAfterMs: undefined },
      ]),
    );
  });

  it('side effects: the same 503, retried for flaky_api, not for send_email', async () => {
    const { calls, events } = await runSampleScenario(sideEffectsScenario);
    const email = calls.find((call) => call.name === 'send_email');
    const flaky = calls.find((call) => call.name === 'flaky_api');
    expect(email).toMatchObject({ status: 'error', attempts: 1, error: { kind: 'execution_error', retryable: true } });
    expect(errorOf(email)?.message).toContain('may or may not have been sent');
    expect(flaky).toMatchObject({ status: 'success', attempts: 2 });
    expect(events.filter((event) => event.type === 'retry-scheduled').map((event) => event.name)).toEqual(['flaky_api']);
  });

  it('max iterations: stops after the 10th model call though the script has 12 turns', async () => {
    const { result, calls } = await runSampleScenario(maxIterationsScenario);
    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 10 });
    expect(calls).toHaveLength(10);
  });
  // The canary scenario sets the workspace up first (a real v2 of flaky_api): store/canary-scenario.test.ts plays it.
});
