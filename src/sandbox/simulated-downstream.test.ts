import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../core/index.ts';
import type { FetchRequestData } from './protocol/worker-messages.ts';
import { downstreamSettingsOf, isSimulatedDownstream, SimulatedDownstreams, type DownstreamAnswer } from './simulated-downstream.ts';

const request = (path: string, headers: [string, string][] = []): FetchRequestData => ({
  url: `https://downstream.invalid${path}`,
  method: 'GET',
  headers,
});

/** Sends `count` requests at the same virtual moment and records when each answered. */
async function burst(count: number, headers: [string, string][] = []) {
  const clock = new VirtualClock();
  const downstreams = new SimulatedDownstreams();
  const answers: { at: number; answer: DownstreamAnswer }[] = [];
  const pending = Array.from({ length: count }, (_, index) =>
    downstreams
      .handle(request(`/inventory/items/A-${index}`, headers), (ms) => clock.sleep(ms), new AbortController().signal)
      .then((answer) => answers.push({ at: clock.now(), answer })),
  );
  await clock.runUntilIdle();
  await Promise.all(pending);
  return { answers, downstreams };
}

const statusOf = (answer: DownstreamAnswer) => (answer.ok ? answer.response.status : 0);
const headerOf = (answer: DownstreamAnswer, name: string) =>
  answer.ok ? answer.response.headers.find(([key]) => key === name)?.[1] : undefined;

describe('SimulatedDownstreams', () => {
  it('serves up to its capacity, each request slower by the others in flight, and answers 429 with Retry-After above it', async () => {
    const { answers, downstreams } = await burst(6);
    const served = answers.filter(({ answer }) => statusOf(answer) === 200);
    const rejected = answers.filter(({ answer }) => statusOf(answer) === 429);
    // base 200 ms + 100 ms per other request in flight at arrival
    expect(served.map(({ at }) => at)).toEqual([200, 300, 400, 500]);
    expect(rejected.map(({ at }) => at)).toEqual([20, 20]);
    expect(rejected.map(({ answer }) => headerOf(answer, 'retry-after'))).toEqual(['1', '1']);
    expect(served.map(({ answer }) => (answer.ok ? JSON.parse(answer.response.body).in_flight : 0))).toEqual([1, 2, 3, 4]);
    expect(downstreams.peakOf('inventory')).toBe(4);
    expect(downstreams.inFlightOf('inventory')).toBe(0);
  });

  it('takes capacity, latencies, Retry-After and the rejection status from the request headers', async () => {
    const { answers } = await burst(3, [
      ['X-Simulated-Capacity', '2'],
      ['x-simulated-base-latency-ms', '50'],
      ['x-simulated-latency-per-call-ms', '10'],
      ['x-simulated-retry-after-seconds', '3'],
      ['x-simulated-reject-status', '503'],
    ]);
    expect(answers.map(({ at, answer }) => [at, statusOf(answer)])).toEqual([
      [20, 503],
      [50, 200],
      [60, 200],
    ]);
    expect(headerOf(answers[0]!.answer, 'retry-after')).toBe('3');
  });

  it('refuses a bad setting with a message that names the header, and serves nothing', async () => {
    expect(downstreamSettingsOf(request('/x', [['x-simulated-capacity', '0']]))).toEqual({
      ok: false,
      message: 'x-simulated-capacity must be a number from 1 to 1000, not "0"',
    });
    const downstreams = new SimulatedDownstreams();
    const answer = await downstreams.handle(
      request('/x', [['x-simulated-reject-status', '500']]),
      async () => {},
      new AbortController().signal,
    );
    expect(answer).toEqual({
      ok: false,
      message: 'fetch to https://downstream.invalid refused: x-simulated-reject-status must be 429 or 503, not "500"',
    });
  });

  it('frees the slot of a request aborted while it is served (a timeout, a Stop, a killed worker)', async () => {
    const clock = new VirtualClock();
    const downstreams = new SimulatedDownstreams();
    const controllers = Array.from({ length: 4 }, () => new AbortController());
    const held = controllers.map((controller, index) =>
      downstreams.handle(request(`/inventory/${index}`), (ms) => clock.sleep(ms), controller.signal),
    );
    await clock.advance(10);
    expect(downstreams.inFlightOf('inventory')).toBe(4);
    // Aborted through the request's own signal, while the clock's sleep itself would wait on.
    controllers[0]!.abort(new Error('killed'));
    expect(await held[0]).toEqual({ ok: false, message: 'fetch to https://downstream.invalid aborted: the call was stopped' });
    expect(downstreams.inFlightOf('inventory')).toBe(3);
    const next = downstreams.handle(request('/inventory/next'), (ms) => clock.sleep(ms), new AbortController().signal);
    await clock.runUntilIdle();
    expect(statusOf(await next)).toBe(200);
    await Promise.all(held);
    expect(downstreams.inFlightOf('inventory')).toBe(0);
  });

  it('keeps services apart by the first path segment and answers the same quantity for the same path', async () => {
    const clock = new VirtualClock();
    const downstreams = new SimulatedDownstreams();
    const signal = new AbortController().signal;
    const first = downstreams.handle(request('/inventory/items/A-1'), (ms) => clock.sleep(ms), signal);
    const other = downstreams.handle(request('/billing/x', [['x-simulated-capacity', '1']]), (ms) => clock.sleep(ms), signal);
    expect(downstreams.inFlightOf('inventory')).toBe(1);
    expect(downstreams.inFlightOf('billing')).toBe(1);
    await clock.runUntilIdle();
    const again = downstreams.handle(request('/inventory/items/A-1'), (ms) => clock.sleep(ms), signal);
    await clock.runUntilIdle();
    const body = async (answer: Promise<DownstreamAnswer>) => {
      const settled = await answer;
      return settled.ok ? JSON.parse(settled.response.body) : undefined;
    };
    expect((await body(first)).quantity).toBe((await body(again)).quantity);
    expect(statusOf(await other)).toBe(200);
  });

  it('recognises only its own origin', () => {
    expect(isSimulatedDownstream('https://downstream.invalid/inventory/a')).toBe(true);
    expect(isSimulatedDownstream('http://downstream.invalid/inventory/a')).toBe(false);
    expect(isSimulatedDownstream('https://downstream.invalid.example.com/')).toBe(false);
    expect(isSimulatedDownstream('not a url')).toBe(false);
  });
});
