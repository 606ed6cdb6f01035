import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shownTimes } from './shown-times.ts';

describe('shownTimes', () => {
  it('a call that took a slot the instant another freed it never reads as overlapping that one', () => {
    // The first call started 10.6 ms into the run and ended at 310.4; the next started on the same clock tick.
    const origin = 1_000;
    const first = shownTimes({ queuedAt: origin, startedAt: origin + 10.6, endedAt: origin + 310.4 }, origin, undefined);
    const next = shownTimes({ queuedAt: origin + 5, startedAt: origin + 310.4, endedAt: origin + 610 }, origin, undefined);
    expect(first).toEqual({ start: 11, duration: 299 });
    expect(next.start).toBeGreaterThanOrEqual(first.start + first.duration!);
  });

  it('keeps the order of the real times: a call that started after another ended reads as starting after it', () => {
    // Clock readings to the microsecond (Chromium's are coarser); the gap between one call's end and the next's start is often none.
    const milliseconds = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((micros) => micros / 1000);
    const gap = fc.oneof(fc.constant(0), milliseconds(2));
    fc.assert(
      fc.property(milliseconds(1e7), milliseconds(1e5), milliseconds(1e5), gap, (origin, startOffset, length, gap) => {
        const startedAt = origin + startOffset;
        const endedAt = startedAt + length;
        const earlier = shownTimes({ queuedAt: startedAt, startedAt, endedAt }, origin, undefined);
        const later = shownTimes({ queuedAt: startedAt, startedAt: endedAt + gap, endedAt: endedAt + gap + 1 }, origin, undefined);
        expect(earlier.duration).toBeGreaterThanOrEqual(0);
        expect(later.start).toBeGreaterThanOrEqual(earlier.start + earlier.duration!);
        // Each figure stays within a millisecond of the truth.
        expect(Math.abs(earlier.duration! - length)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a queued call has no duration; one that ended from the queue took none; a running one grows with now', () => {
    expect(shownTimes({ queuedAt: 20.2 }, 0, 50)).toEqual({ start: 20, duration: null });
    expect(shownTimes({ queuedAt: 20.2, endedAt: 30 }, 0, undefined)).toEqual({ start: 20, duration: 0 });
    expect(shownTimes({ queuedAt: 0, startedAt: 20.2 }, 0, 70.9)).toEqual({ start: 20, duration: 51 });
    expect(shownTimes({ queuedAt: 0, startedAt: 20.2 }, 0, undefined)).toEqual({ start: 20, duration: null });
  });
});
