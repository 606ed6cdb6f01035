// Zoom and pan as plain arithmetic on the visible time range. Everything is in clock milliseconds and
// fractions of the drawing width, so the same math serves the canvas, the tests and the benchmark.

/** The visible time range, clock ms. */
export interface Viewport {
  start: number;
  end: number;
}

/** Closest zoom: 10 µs across the whole width is already far below anything a clock reports. */
export const minimumSpanMs = 0.01;

export function spanOf(viewport: Viewport): number {
  return viewport.end - viewport.start;
}

/** Where `time` falls across the width: 0 is the left edge, 1 the right; outside [0,1] is off screen. */
export function fractionOf(viewport: Viewport, time: number): number {
  const span = spanOf(viewport);
  return span > 0 ? (time - viewport.start) / span : 0;
}

export function timeAt(viewport: Viewport, fraction: number): number {
  return viewport.start + fraction * spanOf(viewport);
}

/** The part of [start, end] that is visible, as fractions in [0,1]; null when it is entirely off screen. */
export function visibleSpan(viewport: Viewport, start: number, end: number): { left: number; right: number } | null {
  const left = fractionOf(viewport, start);
  const right = fractionOf(viewport, end);
  if (right < 0 || left > 1) return null;
  return { left: Math.max(0, left), right: Math.min(1, right) };
}

/** The whole run with a little air on the right, so the last bar does not touch the edge. */
export function fitViewport(start: number, end: number): Viewport {
  const span = Math.max(end - start, 1);
  return { start, end: start + span * 1.02 };
}

/**
 * Keeps the range inside `bounds` (the fitted run) and no narrower than `minimumSpanMs`. Zooming out
 * past the whole run shows nothing new, so it stops there.
 */
export function clampViewport(viewport: Viewport, bounds: Viewport): Viewport {
  const boundsSpan = spanOf(bounds);
  const span = Math.min(Math.max(spanOf(viewport), minimumSpanMs), boundsSpan);
  const start = Math.min(Math.max(viewport.start, bounds.start), bounds.end - span);
  return { start, end: start + span };
}

/** Zooms by `factor` (2 = twice as close) keeping the time under `anchor` (a fraction) in place. */
export function zoomViewport(viewport: Viewport, factor: number, anchor: number, bounds: Viewport): Viewport {
  const anchorTime = timeAt(viewport, anchor);
  const span = spanOf(viewport) / factor;
  return clampViewport({ start: anchorTime - anchor * span, end: anchorTime + (1 - anchor) * span }, bounds);
}

/** Moves the range by a fraction of its width: positive shows later times (content moves left). */
export function panViewport(viewport: Viewport, deltaFraction: number, bounds: Viewport): Viewport {
  const delta = deltaFraction * spanOf(viewport);
  return clampViewport({ start: viewport.start + delta, end: viewport.end + delta }, bounds);
}

/** Shows [start, end] with a margin of 5% either side, so the selection's edges stay visible. */
export function zoomToRange(start: number, end: number, bounds: Viewport): Viewport {
  const low = Math.min(start, end);
  const span = Math.max(Math.abs(end - start), minimumSpanMs);
  return clampViewport({ start: low - span * 0.05, end: low + span * 1.05 }, bounds);
}
