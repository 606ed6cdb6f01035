import { useEffect, useMemo } from 'react';
import type { AgentRunEvent } from '../../../agent/index.ts';
import type { AppStore } from '../../../store/create-app-store.ts';
import { createRunFile, syntheticRun } from '../../../trace/index.ts';

/** What the page benchmark (bench/timeline.bench.ts) drives, on `window.__toolscopeBench` with `?bench`. */
export interface TimelineBenchHook {
  /** Generates (once) a synthetic finished run of `calls` tool calls. */
  prepare(calls: number): void;
  /** Shows a fresh copy of the prepared run (nothing cached) and resolves with the ms until it was drawn. */
  render(calls: number): Promise<number>;
  /** Drags the chart by `stepPixels` per frame for `frames` frames; resolves with each frame's interval and draw cost (ms). */
  pan(frames: number, stepPixels: number): Promise<{ intervals: number[]; drawTimes: number[] }>;
}

declare global {
  interface Window {
    __toolscopeBench?: TimelineBenchHook;
  }
}

function createHook(store: AppStore) {
  const prepared = new Map<number, AgentRunEvent[]>();
  let waiters: ((drawn: { at: number; milliseconds: number }) => void)[] = [];
  const nextDraw = () => new Promise<{ at: number; milliseconds: number }>((resolve) => waiters.push(resolve));
  const onFrameDrawn = (milliseconds: number) => {
    const current = waiters;
    waiters = [];
    for (const resolve of current) resolve({ at: performance.now(), milliseconds });
  };
  const hook: TimelineBenchHook = {
    prepare(calls) {
      if (!prepared.has(calls)) prepared.set(calls, syntheticRun({ calls, concurrency: 8, seed: 7 }));
    },
    async render(calls) {
      hook.prepare(calls);
      const started = performance.now();
      const drawn = nextDraw();
      // A new array: the timeline caches per events array, and a benchmark must not measure a cache hit.
      store
        .getState()
        .loadRunFile(
          createRunFile({ kind: 'agent', events: (prepared.get(calls) as AgentRunEvent[]).slice(), messages: [], concurrencyLimit: 8 }),
          `synthetic-${calls}.json`,
        );
      return (await drawn).at - started;
    },
    async pan(frames, stepPixels) {
      const chart = document.querySelector<HTMLElement>('[aria-label="Timeline chart"]');
      if (!chart) throw new Error('no chart on the page');
      const box = chart.getBoundingClientRect();
      const y = box.top + 30;
      let x = box.left + box.width * 0.75;
      // Cancelable, as the browser's own pointer events are (a handler's preventDefault must count).
      const pointer = (type: string) =>
        chart.dispatchEvent(
          new PointerEvent(type, { pointerId: 7, button: 0, buttons: 1, clientX: x, clientY: y, bubbles: true, cancelable: true }),
        );
      pointer('pointerdown');
      const intervals: number[] = [];
      const drawTimes: number[] = [];
      let last: number | null = null;
      for (let frame = 0; frame < frames; frame++) {
        // Back and forth, so any number of frames stays inside the run.
        x += Math.floor(frame / 10) % 2 === 0 ? -stepPixels : stepPixels;
        const drawn = nextDraw();
        pointer('pointermove');
        const { at, milliseconds } = await drawn;
        if (last !== null) intervals.push(at - last);
        drawTimes.push(milliseconds);
        last = at;
      }
      pointer('pointerup');
      return { intervals, drawTimes };
    },
  };
  return { hook, onFrameDrawn };
}

/**
 * Exposes the bench hook only when the page was opened with `?bench`, and returns the chart's frame
 * callback in that case (undefined otherwise, so normal use pays nothing).
 */
export function useTimelineBenchHook(store: AppStore): ((milliseconds: number) => void) | undefined {
  const bench = useMemo(
    () => (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('bench') ? createHook(store) : null),
    [store],
  );
  useEffect(() => {
    if (!bench) return;
    window.__toolscopeBench = bench.hook;
    return () => {
      if (window.__toolscopeBench === bench.hook) delete window.__toolscopeBench;
    };
  }, [bench]);
  return bench?.onFrameDrawn;
}
