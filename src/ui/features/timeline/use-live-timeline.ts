import { useCallback, useState } from 'react';
import { liveTimeline, replayTimeline, type TimelineModel } from '../../../trace/index.ts';
import type { RunRecord } from '../../../store/run-slice.ts';
import { useAnimationFrames, useFrameThrottled } from './use-frame-throttled.ts';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

export interface LiveTimeline {
  run: RunRecord | null;
  model: TimelineModel;
  /** The run's clock now, while it is live or replaying (drives the "now" line and growing bars). */
  now: number | undefined;
  running: boolean;
  concurrencyLimit: number | null;
  replaying: boolean;
  replaySpeed: number;
  setReplaySpeed(speed: number): void;
  startReplay(): void;
  stopReplay(): void;
}

const emptyEvents: never[] = [];

/** When each version of the run record reached the page (real time), to extrapolate the run's clock. */
const arrivals = new WeakMap<RunRecord, number>();

/**
 * The current run as a timeline model, repainted at most once per frame. While the run is live, open
 * phases grow with an estimate of the run's clock (last event time plus real time since, at the run's
 * playback speed), so bars move smoothly between events.
 */
export function useLiveTimeline(): LiveTimeline {
  const store = useAppStoreApi();
  const subscribe = useCallback(
    (listener: () => void) =>
      store.subscribe((state, previous) => {
        if (state.run === previous.run) return;
        if (state.run) arrivals.set(state.run, performance.now());
        listener();
      }),
    [store],
  );
  const readRun = useCallback(() => store.getState().run, [store]);
  const run = useFrameThrottled(subscribe, readRun);
  const running = useAppStore((state) => state.conversation.running || Object.values(state.testCalls).some((call) => call.running));
  const speed = useAppStore((state) => state.workspace.settings.speed);
  const settingsLimit = useAppStore((state) => state.workspace.settings.concurrency);
  const loadedRun = useAppStore((state) => state.loadedRun);
  const [replay, setReplay] = useState<{ events: RunRecord['events']; startedAt: number } | null>(null);
  const [replaySpeed, setReplaySpeed] = useState(1);

  const events = run?.events ?? emptyEvents;
  const full = liveTimeline(events);
  const replayFor = replay && replay.events === events ? replay : null;
  const replayEndsAt = replayFor ? replayFor.startedAt + (full.end - full.start) / replaySpeed : undefined;
  // After the run's answer, work past its deadline may still run (race only, abort): its ghost grows until it settles or is killed.
  const imported = loadedRun !== null && loadedRun.runId === run?.id;
  const live = running || (full.lingering === true && !imported && run?.kind !== undefined);
  const frameTime = useAnimationFrames(live || replayFor !== null, live ? undefined : replayEndsAt);

  let model = full;
  let now: number | undefined;
  if (replayFor) {
    const playhead = full.start + Math.max(0, frameTime - replayFor.startedAt) * replaySpeed;
    if (playhead < full.end) {
      model = replayTimeline(events, playhead);
      now = playhead;
    }
  } else if (live && run) {
    const last = events[events.length - 1]?.time ?? full.end;
    now = last + Math.max(0, frameTime - (arrivals.get(run) ?? frameTime)) * speed;
    model = liveTimeline(events, now);
  }
  const concurrencyLimit =
    run?.kind === 'test-call' ? null : loadedRun && loadedRun.runId === run?.id ? loadedRun.concurrencyLimit : settingsLimit;

  return {
    run,
    model,
    now,
    running,
    concurrencyLimit,
    replaying: now !== undefined && replayFor !== null,
    replaySpeed,
    setReplaySpeed,
    startReplay: () => setReplay({ events, startedAt: performance.now() }),
    stopReplay: () => setReplay(null),
  };
}
