import { describe, expect, it } from 'vitest';
import { formatDuration, niceStep, timeTicks } from './time-ticks.ts';

describe('time ticks', () => {
  it('picks 1-2-5 steps', () => {
    expect(niceStep(1000, 10)).toBe(100);
    expect(niceStep(1300, 10)).toBe(100);
    expect(niceStep(1800, 10)).toBe(200);
    expect(niceStep(3500, 10)).toBe(500);
    expect(niceStep(0.7, 7)).toBeCloseTo(0.1);
  });

  it('labels ticks relative to the run start, inside the viewport', () => {
    const ticks = timeTicks({ start: 1050, end: 1900 }, 1000, 4);
    expect(ticks.map((tick) => tick.label)).toEqual(['200 ms', '400 ms', '600 ms', '800 ms']);
    expect(ticks[0]?.fraction).toBeCloseTo(150 / 850);
    expect(ticks.every((tick) => tick.fraction >= 0 && tick.fraction <= 1)).toBe(true);
  });

  it('formats durations the way people read them', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1250, 50)).toBe('1.25 s');
    expect(formatDuration(2000, 1000)).toBe('2 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(0.25, 0.05)).toBe('0.25 ms');
    expect(formatDuration(-300)).toBe('-300 ms');
  });

  it('gives no ticks for an empty viewport', () => {
    expect(timeTicks({ start: 5, end: 5 }, 0, 5)).toEqual([]);
  });
});
