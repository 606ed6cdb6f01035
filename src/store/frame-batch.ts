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
 * Once per animation frame where there are frames (the app), at once where there are none (Node).
 * A timer backs each frame up, so a run in a hidden tab still ends with its store up to date.
 */
export function animationFrames(): FrameScheduler {
  if (typeof requestAnimationFrame !== 'function') return immediateFrames;
  return (callback) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      callback();
    };
    const frame = requestAnimationFrame(once);
    const timer = setTimeout(once, hiddenTabFallbackMs);
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
