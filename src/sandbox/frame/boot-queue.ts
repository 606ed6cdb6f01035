// Python interpreters boot a few at a time, never all at once (docs/adr/0029): at most one per core.
// Before this, the first Python tool started three boots on 2 cores (the compile worker, the pool's
// refill, the tool's first spare), and every take of a worker still booting started one more. Each
// boot waits for a free place; a boot a job is waiting for (a call, a compile) goes ahead of the
// pool's own refills.

export interface BootTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: BootTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A boot that never ends must not hold its place for ever: past this, the next starts anyway. */
export const bootStallMs = 60_000;

/** Boots at once: one per core, at most 4 (each is one thread of CPU-bound work). */
export function bootsAtOnce(hardwareConcurrency = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.min(4, Math.max(1, Math.floor(hardwareConcurrency || 2)));
}

export class BootQueue<Key> {
  private readonly waiting: { key: Key; start: () => void }[] = [];
  private readonly booting = new Map<Key, unknown>();
  /**
   * The frame's first boot runs alone. It pays for V8's optimizing compile of the wasm that every later
   * boot reuses (about 12 s of CPU on background threads, measured in a trace), so a second boot beside
   * it only halves the CPU each gets and starves the page's own frames; the first Python tool needs one
   * interpreter only (its compile's, handed over), and the boots after it are cheaper.
   */
  private firstEnded = false;

  constructor(
    private readonly atOnce = bootsAtOnce(),
    private readonly stallMs = bootStallMs,
    private readonly timers: BootTimers = browserTimers,
  ) {}

  /** Boots queued, not started yet. */
  get queued(): number {
    return this.waiting.length;
  }

  /** `start` runs once fewer than `atOnce` boots are in progress (at once if so). */
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
    if (!this.booting.has(key)) return;
    this.timers.clear(this.booting.get(key));
    this.booting.delete(key);
    this.firstEnded = true;
    this.next();
  }

  private next(): void {
    while (this.booting.size < (this.firstEnded ? this.atOnce : 1)) {
      const entry = this.waiting.shift();
      if (!entry) return;
      this.booting.set(
        entry.key,
        this.timers.set(() => this.done(entry.key), this.stallMs),
      );
      entry.start();
    }
  }
}
