// A run reports every event as it happens: a fan-out of 1,000 calls sends some 10,000 of them, many
// within one frame. Mirroring each into the store would make every subscriber (and every component
// that reads the run) work once per event; the screen only changes once per frame. So the slices
// collect a run's events here and apply them once per frame.

/** Runs `callback` at the next moment worth updating the screen for; returns a cancel function. */
export type FrameScheduler = (callback: () => void) => () => void;

/** Calls at once: tests, and Node, where nothing paints. */
export const immediateFrames: FrameScheduler = (callback) => {
  callback();
  return () => {};
};

/** A hidden tab gets no animation frames: its runs still reach the store, about ten times a second. */
const hiddenTabFallbackMs = 100;

/**
 * Applies come at most about 30 times a second (every other frame at 60 Hz). In a live fan-out each
 * apply re-renders the chips and rows that changed and the browser lays out and paints them; on 2
 * cores that work takes the CPU from the calls themselves. 1,000 calls at concurrency 8, four A/B
 * pairs on one machine: main thread busy 13.8–14.8 → 11.2–13.1 s, wall time 1.50–1.58 → 1.40–1.53×
 * the ideal. 30 updates a second still read as live, and a run's end flushes at once (`FrameBatch.flush`).
 */
const minFramesApartMs = 30;

/**
 * Once per animation frame, at most every `minFramesApartMs`, where there are frames (the app); at
 * once where there are none (Node). A timer backs each frame up, so a run in a hidden tab still ends
 * with its store up to date.
 */
export function animationFrames(): FrameScheduler {
  if (typeof requestAnimationFrame !== 'function') return immediateFrames;
  let lastAppliedAt = Number.NEGATIVE_INFINITY;
  return (callback) => {
    let done = false;
    // `at`: the frame's time (its start, as the next frame's is), or now for the timer.
    const once = (at = performance.now()) => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      lastAppliedAt = at;
      callback();
    };
    const onFrame = (time: number) => {
      if (time - lastAppliedAt < minFramesApartMs) frame = requestAnimationFrame(onFrame);
      else once(time);
    };
    let frame = requestAnimationFrame(onFrame);
    const timer = setTimeout(() => once(), hiddenTabFallbackMs);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  };
}

/** Collects items and hands them to `apply` together, once per frame (or at `flush`). */
export class FrameBatch<Item> {
  private pending: Item[] = [];
  private scheduled = false;
  private cancel: (() => void) | undefined;

  constructor(
    private readonly frames: FrameScheduler,
    private readonly apply: (items: Item[]) => void,
  ) {}

  add(item: Item): void {
    this.pending.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    const cancel = this.frames(() => this.flush());
    // An immediate scheduler has flushed already: nothing is left to cancel.
    if (this.scheduled) this.cancel = cancel;
  }

  /** Applies what is pending now (a run that ends must not leave its last events for a frame that may not come). */
  flush(): void {
    this.scheduled = false;
    this.cancel?.();
    this.cancel = undefined;
    const items = this.pending;
    if (items.length === 0) return;
    this.pending = [];
    this.apply(items);
  }
}
