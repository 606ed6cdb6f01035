import { abortReason } from './clock.ts';

export type Release = () => void;

/**
 * Who waits for a slot without a promise (the executor's calls, see docs/adr/0021). `granted` runs once
 * the slot is this waiter's; `refused` when its signal aborted first. Neither runs inside `wait` itself.
 */
export interface SlotWaiter {
  granted(release: Release): void;
  refused(reason: unknown): void;
}

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
      this.wait({ granted: resolve, refused: reject }, signal);
    });
  }

  /**
   * Queues `waiter` (the caller tried `tryAcquire` first). Costs one object instead of a promise, its
   * functions and a microtask per hand-over: a batch of 1,000 calls queues 992 of them.
   */
  wait(waiter: SlotWaiter, signal?: AbortSignal): void {
    const queued = new Waiter(this.waiters, waiter, signal);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; `once` only says so.
    signal?.addEventListener('abort', queued, { once: true });
    this.waiters.push(queued);
  }

  private releaser(): Release {
    let released = false;
    return () => {
      // Idempotent: a double release would silently raise the limit.
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) handOver(next, this.releaser());
      else this.running--;
    };
  }
}

/** A queued waiter; it listens to its own signal (handleEvent), so no closure is kept per waiter. */
class Waiter {
  constructor(
    private readonly queue: Waiter[],
    readonly waiter: SlotWaiter,
    private readonly signal: AbortSignal | undefined,
  ) {}

  grant(release: Release): void {
    this.signal?.removeEventListener('abort', this);
    this.waiter.granted(release);
  }

  /** The signal aborted while waiting: leave the queue now, and say so once the abort has been dispatched. */
  handleEvent(): void {
    const index = this.queue.indexOf(this);
    // Stryker disable next-line ConditionalExpression: a granted waiter has removed this listener, so an aborting waiter is always still queued.
    if (index >= 0) this.queue.splice(index, 1);
    const reason = abortReason(this.signal as AbortSignal);
    queueMicrotask(() => this.waiter.refused(reason));
  }
}

// Hand-overs run one after another, never inside each other: a granted call whose tool answers at once
// ends, releases and grants the next one, and without this queue 10,000 queued synchronous calls would
// nest 10,000 deep on the stack. The slot is the waiter's from the release on (no newcomer can take
// it); only its callback waits for the hand-over before it to return. A waiter's `granted` never throws
// (the executor's calls turn every failure into a result; a promise's resolve cannot throw).
/** Waiters and their releases, in pairs, while a hand-over is under way. */
const handOvers: (Waiter | Release)[] = [];
let handingOver = false;

function handOver(next: Waiter, release: Release): void {
  if (handingOver) {
    handOvers.push(next, release);
    return;
  }
  handingOver = true;
  try {
    next.grant(release);
    for (let index = 0; index < handOvers.length; index += 2) (handOvers[index] as Waiter).grant(handOvers[index + 1] as Release);
  } finally {
    handOvers.length = 0;
    handingOver = false;
  }
}
