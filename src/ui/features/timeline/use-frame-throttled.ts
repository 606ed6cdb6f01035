import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Reads an external value, re-rendering at most once per animation frame. A live run changes the store
 * on every event (thousands a second in a fan-out); the timeline only needs the latest state when it
 * paints. `subscribe` and `read` must be stable, and `read` must return a stable reference for
 * unchanged data (as useSyncExternalStore requires).
 */
export function useFrameThrottled<Value>(subscribe: (listener: () => void) => () => void, read: () => Value): Value {
  const throttled = useCallback(
    (listener: () => void) => {
      let frame = 0;
      const unsubscribe = subscribe(() => {
        if (frame === 0)
          frame = requestAnimationFrame(() => {
            frame = 0;
            listener();
          });
      });
      return () => {
        unsubscribe();
        cancelAnimationFrame(frame);
      };
    },
    [subscribe],
  );
  return useSyncExternalStore(throttled, read);
}

/**
 * Re-renders on every animation frame while `active`, returning the frame's time (performance.now).
 * With `until` (a performance.now time) the frames stop after that moment: a replay ends by itself.
 */
export function useAnimationFrames(active: boolean, until?: number): number {
  const [time, setTime] = useState(0);
  useEffect(() => {
    if (!active) return;
    let frame = requestAnimationFrame(function tick(now) {
      setTime(now);
      if (until === undefined || now < until) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [active, until]);
  return time;
}
