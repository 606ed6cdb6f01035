// Python interpreters boot one after another, never side by side (docs/adr/0029). Measured in Chromium
// on the 2-core machine at a load of 15-19: one boot alone took 0.5-0.7 s, while two or three booting
// at once took 24-33 s each, far more than their share of the CPU. So each boot waits for the one
// before it; a boot a job is waiting for (a call, a compile) goes ahead of the pool's own refills.

export interface BootTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: BootTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A boot that never ends must not hold back every later one: past this, the next starts anyway. */
export const bootStallMs = 60_000;

export class OneBootAtATime<Key> {
  private readonly waiting: { key: Key; start: () => void }[] = [];
  private current: Key | undefined;
  private stallTimer: unknown;

  constructor(
    private readonly stallMs = bootStallMs,
    private readonly timers: BootTimers = browserTimers,
  ) {}

  /** Boots queued, not started yet. */
  get queued(): number {
    return this.waiting.length;
  }

  /** `start` runs once no other boot is in progress (at once if none is). */
  enqueue(key: Key, start: () => void): void {
    this.waiting.push({ key, start });
    this.next();
  }

  /** Someone waits for this boot: it is the next to start. */
  hurry(key: Key): void {
    const index = this.waiting.findIndex((entry) => entry.key === key);
    if (index > 0) this.waiting.unshift(...this.waiting.splice(index, 1));
  }

  /** The boot of `key` ended (ready, failed, or its worker was stopped), or it is no longer wanted. */
  done(key: Key): void {
    const index = this.waiting.findIndex((entry) => entry.key === key);
    if (index >= 0) this.waiting.splice(index, 1);
    if (this.current !== key) return;
    this.current = undefined;
    this.timers.clear(this.stallTimer);
    this.next();
  }

  private next(): void {
    if (this.current !== undefined) return;
    const entry = this.waiting.shift();
    if (!entry) return;
    this.current = entry.key;
    this.stallTimer = this.timers.set(() => this.done(entry.key), this.stallMs);
    entry.start();
  }
}
