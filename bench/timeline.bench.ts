// The timeline's drawing layer on big runs, in headless Chromium against the production build: how long
// a run takes to show (store -> timeline model -> React -> first canvas frame), and the frame time while
// dragging the chart. Each comparison runs 100 calls (baseline) against 10,000 calls (candidate).
import type { Page } from '@playwright/test';
import { median, type Figure, type Suite, type Variant } from './measure.ts';
import { benchPage, releaseSoon } from './timeline-session.ts';

const small = 100;
const large = 10_000;
/** Issue 15: panning must stay within a 60 Hz frame even at this size. */
const huge = 100_000;
const panStepPixels = 12;
/** One operation of the pan comparison: enough frames that a round is not one frame's jitter. */
const framesPerOperation = 10;

const details: { calls: number; intervals: number[]; drawTimes: number[] }[] = [];

async function showZoomed(page: Page, calls: number): Promise<void> {
  await page.evaluate((count) => window.__toolscopeBench!.render(count), calls);
  // Zoomed in 1.5^6 ≈ 11 times, so a drag moves the view (a fitted view has nowhere to pan).
  for (let step = 0; step < 6; step++) await page.getByRole('button', { name: 'Zoom in' }).click();
}

function renderVariant(calls: number): Variant {
  return {
    label: `${calls.toLocaleString('en')} calls`,
    async run(operations) {
      const page = await benchPage(`render-${calls}`, (created) =>
        created.evaluate((count) => window.__toolscopeBench!.prepare(count), calls),
      );
      await page.evaluate(
        async ({ count, times }) => {
          for (let index = 0; index < times; index++) await window.__toolscopeBench!.render(count);
        },
        { count: calls, times: operations },
      );
      releaseSoon();
    },
  };
}

function panVariant(calls: number): Variant {
  return {
    label: `${calls.toLocaleString('en')} calls`,
    async run(operations) {
      const page = await benchPage(`pan-${calls}`, (created) => showZoomed(created, calls));
      const result = await page.evaluate(({ frames, step }) => window.__toolscopeBench!.pan(frames, step), {
        frames: operations * framesPerOperation,
        step: panStepPixels,
      });
      details.push({ calls, ...result });
      releaseSoon();
    },
  };
}

async function firstFrames(calls: number, times: number): Promise<number[]> {
  const page = await benchPage(`render-${calls}`, (created) => created.evaluate((count) => window.__toolscopeBench!.prepare(count), calls));
  const frames: number[] = [];
  for (let index = 0; index < times; index++) frames.push(await page.evaluate((count) => window.__toolscopeBench!.render(count), calls));
  return frames;
}

function percentile(values: readonly number[], fraction: number): number {
  return [...values].sort((left, right) => left - right)[Math.floor(values.length * fraction)] ?? 0;
}

/** Issue 30's absolute targets: first frames of big finished runs, and panning the huge one. */
async function timelineFigures(): Promise<Figure[]> {
  const suite = 'timeline';
  const figures: Figure[] = [];
  for (const [calls, target, times] of [
    [large, 150, 9],
    [huge, 1000, 5],
  ] as const) {
    const frames = await firstFrames(calls, times);
    const detail = `median of ${times}, from opening the run file to its first frame drawn`;
    figures.push({
      suite,
      name: `first frame of a finished run, ${calls.toLocaleString('en')} calls`,
      value: median(frames),
      unit: 'ms',
      target,
      detail,
    });
  }
  const intervals = details.filter((entry) => entry.calls === huge).flatMap((entry) => entry.intervals);
  if (intervals.length > 0) {
    const detail = `${intervals.length} frames while dragging`;
    figures.push({
      suite,
      name: `pan at ${huge.toLocaleString('en')} calls, median frame`,
      value: median(intervals),
      unit: 'ms',
      target: 16.7,
      detail,
    });
    figures.push({
      suite,
      name: `pan at ${huge.toLocaleString('en')} calls, p95 frame`,
      value: percentile(intervals, 0.95),
      unit: 'ms',
      target: 25,
      detail,
    });
  }
  releaseSoon();
  return figures;
}

function printDetails(): void {
  for (const calls of [small, large, huge]) {
    const runs = details.filter((entry) => entry.calls === calls);
    const intervals = runs.flatMap((entry) => entry.intervals);
    const drawTimes = runs.flatMap((entry) => entry.drawTimes);
    const p95 = percentile(intervals, 0.95);
    process.stdout.write(
      `timeline pan, ${calls.toLocaleString('en')} calls: median frame interval ${median(intervals).toFixed(2)} ms (p95 ${p95.toFixed(2)} ms, ${intervals.length} frames), median canvas draw ${median(drawTimes).toFixed(3)} ms\n`,
    );
  }
}

process.on('exit', () => {
  if (details.length > 0) printDetails();
});

export const timelineSuite: Suite = {
  name: 'timeline',
  comparisons: [
    { name: 'show a finished run (first frame drawn)', unit: 'run', baseline: renderVariant(small), candidate: renderVariant(large) },
    { name: 'drag the chart', unit: `${framesPerOperation} frames`, baseline: panVariant(small), candidate: panVariant(large) },
    { name: 'drag the chart (huge run)', unit: `${framesPerOperation} frames`, baseline: panVariant(small), candidate: panVariant(huge) },
  ],
  figures: timelineFigures,
};
