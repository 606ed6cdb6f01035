import { describe, expect, it } from 'vitest';
import { VirtualClock, type Clock } from '../../core/index.ts';
import type { ModelToolCall } from '../model-types.ts';
import { deltasOf, playOut } from './mock-output.ts';

const regions = ['Nordics', 'Benelux', 'Iberia', 'Italy', 'France', 'Germany', 'Poland', 'Baltics', 'Balkans', 'Ireland'];
const fanOut = {
  content: 'One report per region; I will request all ten at once.',
  toolCalls: regions.map((region, index): ModelToolCall => ({
    id: `call_${index}`,
    name: 'slow_report',
    arguments: JSON.stringify({ topic: `Q3 sales in ${region}`, duration_ms: 300 }),
  })),
};

/** A virtual clock that also counts how many timers were asked for. */
function countingClock(): { clock: Clock & VirtualClock; sleeps: () => number } {
  const clock = new VirtualClock();
  let count = 0;
  const sleep = clock.sleep.bind(clock);
  clock.sleep = (milliseconds, signal) => (count++, sleep(milliseconds, signal));
  return { clock, sleeps: () => count };
}

describe('playOut (issue 14: a 150 ms model call drew as a long bar)', () => {
  it('streams sixty deltas of a fan-out in 150 ms without a timer per delta', async () => {
    expect(deltasOf(fanOut).length).toBeGreaterThan(50);
    const { clock, sleeps } = countingClock();
    const seen: number[] = [];
    await clock.run(playOut(fanOut, 150, clock, undefined, () => seen.push(clock.now())));
    expect(seen).toHaveLength(deltasOf(fanOut).length);
    expect(clock.now()).toBe(150);
    // Browsers clamp short timers to about 4 ms: one timer per delta would take four times the latency.
    expect(sleeps()).toBeLessThanOrEqual(Math.ceil(75 / 8) + 2);
    // The deltas still spread over the second half of the call, in order.
    expect(seen[0]).toBe(75);
    expect(seen.at(-1)).toBeGreaterThan(135);
    expect([...seen].sort((left, right) => left - right)).toEqual(seen);
  });
});
