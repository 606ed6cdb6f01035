import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScaledClock } from './scaled-clock.ts';

describe('ScaledClock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stretches sleeps and reports the run time, not the wall time', async () => {
    const clock = new ScaledClock(0.25);
    const start = clock.now();
    let done = false;
    void clock.sleep(100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(399);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(clock.now() - start).toBeCloseTo(100, 5);
  });

  it('refuses a speed that would never advance', () => {
    expect(() => new ScaledClock(0)).toThrow(RangeError);
  });
});
