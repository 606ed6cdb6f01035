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

  it('is real time only at speed 1: a slowed or sped-up run must time every wait itself', () => {
    expect(new ScaledClock(1).realTime).toBe(true);
    expect(new ScaledClock(0.25).realTime).toBe(false);
    expect(new ScaledClock(2).realTime).toBe(false);
  });

  it('starts at the wall time, in epoch milliseconds', () => {
    expect(Math.abs(new ScaledClock(0.25).now() - Date.now())).toBeLessThan(1_000);
  });

  it('stretches deadlines like sleeps', () => {
    const clock = new ScaledClock(2);
    const fired: number[] = [];
    clock.setTimer(100, () => fired.push(100));
    vi.advanceTimersByTime(49);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([100]);
  });

  it('refuses a speed that would never advance, saying which', () => {
    expect(() => new ScaledClock(0)).toThrow(new RangeError('speed must be above 0, got 0'));
    expect(() => new ScaledClock(Number.NaN)).toThrow(RangeError);
    expect(() => new ScaledClock(-1)).toThrow(RangeError);
  });
});
