// Axis ticks at "nice" steps (1, 2, 5 × 10^n ms), labelled relative to the run's start.
import { fractionOf, spanOf, type Viewport } from './viewport.ts';

export interface Tick {
  time: number;
  fraction: number;
  label: string;
}

export function niceStep(span: number, targetCount: number): number {
  const target = Math.max(1, targetCount);
  const power = 10 ** Math.floor(Math.log10(span / target));
  // The step whose tick count comes closest to the target.
  const steps = [1, 2, 5, 10].map((multiple) => multiple * power);
  return steps.reduce((best, step) => (Math.abs(span / step - target) < Math.abs(span / best - target) ? step : best));
}

/** Milliseconds as people read them: `850 ms`, `1.25 s`, `2 min 5 s`; fractions only where they matter. */
export function formatDuration(milliseconds: number, step = Math.abs(milliseconds)): string {
  const sign = milliseconds < 0 ? '-' : '';
  const value = Math.abs(milliseconds);
  if (value >= 60_000) {
    const minutes = Math.floor(value / 60_000);
    const seconds = Math.round((value - minutes * 60_000) / 1000);
    return `${sign}${minutes} min${seconds ? ` ${seconds} s` : ''}`;
  }
  if (value >= 1000 && step >= 10) {
    const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : 2;
    return `${sign}${(value / 1000).toFixed(decimals)} s`;
  }
  const decimals = step >= 1 || value === 0 ? 0 : Math.min(3, Math.ceil(-Math.log10(step)));
  return `${sign}${value.toFixed(decimals)} ms`;
}

/** About `targetCount` ticks across the viewport; labels count from `origin` (the run's first event). */
export function timeTicks(viewport: Viewport, origin: number, targetCount: number): Tick[] {
  const span = spanOf(viewport);
  if (!(span > 0)) return [];
  const step = niceStep(span, targetCount);
  const ticks: Tick[] = [];
  const first = Math.ceil((viewport.start - origin) / step) * step;
  for (let offset = first; origin + offset <= viewport.end + step * 1e-9; offset += step) {
    // Rounding to the step avoids labels like 0.30000000000000004 ms.
    const relative = Math.round(offset / step) * step;
    ticks.push({ time: origin + relative, fraction: fractionOf(viewport, origin + relative), label: formatDuration(relative, step) });
  }
  return ticks;
}
