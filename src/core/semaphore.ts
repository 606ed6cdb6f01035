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
  private readonly queue = new WaiterQueue();

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`Concurrency limit must be at least 1, got ${limit}`);
  }

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.size;
  }

  /** Takes a free slot now, or returns undefined. Lets callers skip a microtask on the fast path. */
  tryAcquire(): Release | undefined {
    // Stryker disable next-line ConditionalExpression: waiters exist only while every slot is taken (a release hands its slot to the oldest waiter), so the second test never decides alone; it states the FIFO rule.
    if (this.running >= this.limit || this.queue.size > 0) return undefined;
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
    const queued = new Waiter(this.queue, waiter, signal);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; `once` only says so.
    signal?.addEventListener('abort', queued, { once: true });
    this.queue.push(queued);
  }

  private releaser(): Release {
    let released = false;
    return () => {
      // Idempotent: a double release would silently raise the limit.
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) handOver(next, this.releaser());
      else this.running--;
    };
  }
}

/**
 * The waiters in arrival order. Taken from the front by an index, not Array#shift (which moves the
 * whole array: a fifth of a queued call's cost at 1,000 waiters); a waiter that leaves is only marked,
 * and skipped when its turn comes, so a Stop that empties a long queue is linear, not quadratic.
 */
class WaiterQueue {
  private items: (Waiter | undefined)[] = [];
  private head = 0;
  /** Waiters still waiting (marked ones excluded). */
  size = 0;

  push(waiter: Waiter): void {
    this.items.push(waiter);
    this.size++;
  }

  shift(): Waiter | undefined {
    const { items } = this;
    while (this.head < items.length) {
      const next = items[this.head] as Waiter;
      items[this.head++] = undefined;
      if (next.left) continue;
      this.size--;
      this.compact();
      return next;
    }
    this.compact();
    return undefined;
  }

  leave(waiter: Waiter): void {
    waiter.left = true;
    this.size--;
  }

  /** Drops the taken front once the queue is empty, or once it is over half the array (memory stays bounded). */
  // Stryker disable next-line BlockStatement: without compacting, the taken front only stays in memory; the waiters and their order are the same.
  private compact(): void {
    // Stryker disable next-line ConditionalExpression,BlockStatement: `false` or an empty block only keep the taken front until the rule below drops it (memory); `true` empties a queue that still has waiters, which every FIFO test sees.
    if (this.head === this.items.length) {
      this.items.length = 0;
      this.head = 0;
    } else /* Stryker disable ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator,BlockStatement: when to drop the front of a queue that is not empty only bounds memory: the waiters and their order stay the same. */ if (
      this.head >= 1024 &&
      this.head * 2 >= this.items.length
    ) {
      // Stryker restore all
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}

/** A queued waiter; it listens to its own signal (handleEvent), so no closure is kept per waiter. */
class Waiter {
  /** Set when its signal aborted while it waited: the queue skips it. */
  left = false;

  constructor(
    private readonly queue: WaiterQueue,
    readonly waiter: SlotWaiter,
    private readonly signal: AbortSignal | undefined,
  ) {}

  grant(release: Release): void {
    this.signal?.removeEventListener('abort', this);
    this.waiter.granted(release);
  }

  /** The signal aborted while waiting: leave the queue now, and say so once the abort has been dispatched. */
  handleEvent(): void {
    this.queue.leave(this);
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
