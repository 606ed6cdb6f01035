import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampViewport,
  fitViewport,
  fractionOf,
  minimumSpanMs,
  panViewport,
  spanOf,
  timeAt,
  visibleSpan,
  zoomToRange,
  zoomViewport,
} from './viewport.ts';

const bounds = { start: 0, end: 1000 };

describe('viewport', () => {
  it('maps times to fractions of the width and back', () => {
    const viewport = { start: 100, end: 300 };
    expect(fractionOf(viewport, 200)).toBe(0.5);
    expect(timeAt(viewport, 0.25)).toBe(150);
    expect(visibleSpan(viewport, 50, 150)).toEqual({ left: 0, right: 0.25 });
    expect(visibleSpan(viewport, 400, 500)).toBeNull();
  });

  it('fits the run with a little air on the right', () => {
    expect(fitViewport(10, 110)).toEqual({ start: 10, end: 112 });
    expect(spanOf(fitViewport(5, 5))).toBeGreaterThan(0);
  });

  it('zooms around the anchor, keeping the time under the pointer in place', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 1, max: 50, noNaN: true }), (anchor, factor) => {
        const viewport = { start: 0, end: 1000 };
        const zoomed = zoomViewport(viewport, factor, anchor, bounds);
        expect(fractionOf(zoomed, timeAt(viewport, anchor))).toBeCloseTo(anchor, 6);
        expect(spanOf(zoomed)).toBeCloseTo(1000 / factor, 6);
      }),
    );
  });

  it('never leaves the run nor zooms past the minimum span or out past the whole run', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: 0.001, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (pan, factor, anchor) => {
          const viewport = panViewport(zoomViewport({ start: 200, end: 400 }, factor, anchor, bounds), pan, bounds);
          expect(viewport.start).toBeGreaterThanOrEqual(bounds.start);
          expect(viewport.end).toBeLessThanOrEqual(bounds.end + 1e-9);
          expect(spanOf(viewport)).toBeGreaterThanOrEqual(minimumSpanMs - 1e-12);
        },
      ),
    );
  });

  it('pans by a fraction of the width', () => {
    expect(panViewport({ start: 100, end: 200 }, 0.5, bounds)).toEqual({ start: 150, end: 250 });
    expect(panViewport({ start: 100, end: 200 }, -5, bounds)).toEqual({ start: 0, end: 100 });
  });

  it('zooms to a selection with a margin, whichever way it was dragged', () => {
    expect(zoomToRange(600, 400, bounds)).toEqual({ start: 390, end: 610 });
    expect(clampViewport({ start: -50, end: 2000 }, bounds)).toEqual(bounds);
  });
});
