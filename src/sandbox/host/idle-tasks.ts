// Work that only makes later calls faster (starting a tool's schema worker, loading its spare), run
// one task at a time and only while the sandbox is not busy, so it never competes with a run or a
// compile for the CPU. Each task is a start-up of a worker, a few to a hundred milliseconds.
// At most `maxQueued` wait: an import of 500 tools queued 511 prewarms, which kept the CPU and ~1,000
// idle workers busy for minutes and slowed the reloads after it (issue 30). A newer task pushes the
// oldest waiting one out: the tools compiled last are the ones a person is about to call; a tool whose
// prewarm was dropped starts its workers at its first call, as it would have anyway.

export type IdleTask = () => Promise<unknown>;

/** How long to wait before looking again while the host is busy. */
const busyRetryMs = 250;
/** How many tasks may wait at once (a tool's prewarm starts two workers). */
export const maxQueuedIdleTasks = 16;

export class IdleTasks {
  private readonly queue: IdleTask[] = [];
  /** Waiting for an idle moment, or running a task: either way the next one waits. */
  private running = false;
  /** A task left the queue and has not settled yet. */
  private executing = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly isBusy: () => boolean,
    private readonly whenIdle: (callback: () => void) => void = defaultWhenIdle,
    private readonly maxQueued = maxQueuedIdleTasks,
  ) {}

  /** Tasks not done yet: the queued ones and the one running (a task waiting for idle time is still queued). */
  get size(): number {
    return this.queue.length + (this.executing ? 1 : 0);
  }

  add(task: IdleTask): void {
    this.queue.push(task);
    if (this.queue.length > this.maxQueued) this.queue.shift();
    this.next();
  }

  clear(): void {
    this.queue.length = 0;
    clearTimeout(this.timer);
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    this.whenIdle(() => {
      if (this.isBusy()) {
        this.running = false;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.next(), busyRetryMs);
        return;
      }
      const task = this.queue.shift() as IdleTask;
      this.executing = true;
      void Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => {
          this.executing = false;
          this.running = false;
          this.next();
        });
    });
  }
}

function defaultWhenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: 1_000 });
  else setTimeout(callback, 20);
}
