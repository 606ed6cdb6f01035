import { abortReason } from './clock.ts';

export type Release = () => void;

/**
 * A FIFO counting semaphore whose waiters can leave the queue when their signal aborts.
 * Written by hand instead of using p-limit: see docs/adr/0001-own-semaphore-instead-of-p-limit.md.
 * A released slot is handed straight to the oldest waiter, so a newcomer can never overtake the queue.
 */
export class Semaphore {
  private running = 0;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`Concurrency limit must be at least 1, got ${limit}`);
  }

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Takes a free slot now, or returns undefined. Lets callers skip a microtask on the fast path. */
  tryAcquire(): Release | undefined {
    // Stryker disable next-line ConditionalExpression: waiters exist only while every slot is taken (a release hands its slot to the oldest waiter), so the second test never decides alone; it states the FIFO rule.
    if (this.running >= this.limit || this.waiters.length > 0) return undefined;
    this.running++;
    return this.releaser();
  }

  /** Resolves with a release function once a slot is ours; rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<Release> {
    const immediate = signal?.aborted ? undefined : this.tryAcquire();
    if (immediate) return Promise.resolve(immediate);
    return new Promise<Release>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const waiter = new Waiter(this.waiters, resolve, reject, signal);
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; `once` only says so.
      signal?.addEventListener('abort', waiter, { once: true });
      this.waiters.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      // Idempotent: a double release would silently raise the limit.
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.grant(this.releaser());
      else this.running--;
    };
  }
}

/** A queued acquire; it listens to its own signal (handleEvent), so no closure is kept per waiter. */
class Waiter {
  constructor(
    private readonly queue: Waiter[],
    private readonly resolve: (release: Release) => void,
    private readonly reject: (reason: unknown) => void,
    private readonly signal: AbortSignal | undefined,
  ) {}

  grant(release: Release): void {
    this.signal?.removeEventListener('abort', this);
    this.resolve(release);
  }

  /** The signal aborted while waiting: leave the queue. */
  handleEvent(): void {
    const index = this.queue.indexOf(this);
    // Stryker disable next-line ConditionalExpression: a granted waiter has removed this listener, so an aborting waiter is always still queued.
    if (index >= 0) this.queue.splice(index, 1);
    this.reject(abortReason(this.signal as AbortSignal));
  }
}
