import { useEffect, useMemo } from 'react';
import type { AppStore } from '../../store/create-app-store.ts';
import { createRunFile, syntheticRun } from '../../trace/index.ts';

/** What the page benchmark (bench/timeline-page.ts) drives, on `window.__toolscopeBench` with `?bench`. */
export interface TimelineBenchHook {
  /** Shows a synthetic finished run of `calls` tool calls as the current run. */
  showSyntheticRun(calls: number, concurrency?: number): void;
  /** Milliseconds each chart frame took to draw, since the last `resetFrames`. */
  frameDrawTimes: number[];
  resetFrames(): void;
}

declare global {
  interface Window {
    __toolscopeBench?: TimelineBenchHook;
  }
}

/**
 * Exposes the bench hook only when the page was opened with `?bench`, and returns the chart's frame
 * callback in that case (undefined otherwise, so normal use pays nothing).
 */
export function useTimelineBenchHook(store: AppStore): ((milliseconds: number) => void) | undefined {
  const hook = useMemo((): TimelineBenchHook | null => {
    if (typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('bench')) return null;
    const frameDrawTimes: number[] = [];
    return {
      showSyntheticRun(calls, concurrency = 8) {
        const file = createRunFile({ kind: 'agent', events: syntheticRun({ calls, concurrency, seed: 7 }), messages: [], concurrencyLimit: concurrency });
        store.getState().loadRunFile(file, `synthetic-${calls}.json`);
      },
      frameDrawTimes,
      resetFrames: () => void frameDrawTimes.splice(0),
    };
  }, [store]);
  useEffect(() => {
    if (!hook) return;
    window.__toolscopeBench = hook;
    return () => {
      if (window.__toolscopeBench === hook) delete window.__toolscopeBench;
    };
  }, [hook]);
  return useMemo(() => (hook ? (milliseconds: number) => void hook.frameDrawTimes.push(milliseconds) : undefined), [hook]);
}
