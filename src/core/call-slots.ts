import type { CallRequest, CallRuntime } from './call-runtime.ts';
import type { Release, Semaphore, SlotWaiter } from './semaphore.ts';

/** What waits for a call's slots: the call (CallRun). */
export interface SlotsOwner {
  readonly request: CallRequest;
  readonly runtime: CallRuntime;
  /** Both slots are the call's; `release` gives both back. */
  slotsTaken(release: Release): void;
  /** The call's signal aborted while it waited: it holds no slot. */
  slotsRefused(): void;
}

/**
 * Takes the batch's slot, then the executor's, in queue order. A release at once when both are free
 * and nobody waits (tryAcquire refuses to overtake a waiter, keeping FIFO), so the common case costs
 * nothing more; otherwise undefined, and the owner hears later (slotsTaken or slotsRefused).
 */
export function takeSlots(owner: SlotsOwner): Release | undefined {
  const { batchSlots } = owner.request;
  const { slots } = owner.runtime;
  const releaseBatch = batchSlots ? batchSlots.tryAcquire() : noop;
  // Stryker disable next-line ConditionalExpression,BlockStatement: without the fast path SlotsWait takes the same free slots synchronously and tells slotsTaken; this only saves the wait object.
  if (releaseBatch) {
    const releaseExecutor = slots ? slots.tryAcquire() : noop;
    if (releaseExecutor) return combine(releaseBatch, releaseExecutor);
  }
  new SlotsWait(owner, releaseBatch).start();
  return undefined;
}

/** One queued call's wait: the batch's slot (unless it had it), then the executor's. */
class SlotsWait implements SlotWaiter {
  constructor(
    private readonly owner: SlotsOwner,
    private releaseBatch: Release | undefined,
  ) {}

  start(): void {
    this.owner.runtime.metrics.queued++;
    if (this.releaseBatch) this.waitForExecutor();
    else (this.owner.request.batchSlots as Semaphore).wait(this, this.owner.request.signal);
  }

  granted(release: Release): void {
    const { signal } = this.owner.request;
    // Granted after the call's signal aborted: give the slot back rather than start a cancelled call.
    // Only a slot released inside the abort's own dispatch could do that, and the executor releases none
    // there (an abort's outcomes are told after it, see RaceListener.deferred): a guard, kept so a
    // cancelled call can never run or wait forever on a listener that already fired.
    // Stryker disable next-line ConditionalExpression,OptionalChaining: see above; no test can release a slot inside the dispatch.
    if (signal?.aborted) {
      release();
      this.refused();
      return;
    }
    if (!this.releaseBatch) {
      this.releaseBatch = release;
      this.waitForExecutor();
      return;
    }
    this.owner.runtime.metrics.queued--;
    this.owner.slotsTaken(combine(this.releaseBatch, release));
  }

  /** The signal aborted while queued. A wait on the executor's slot gives the batch's back. */
  refused(): void {
    this.owner.runtime.metrics.queued--;
    this.releaseBatch?.();
    this.owner.slotsRefused();
  }

  private waitForExecutor(): void {
    const { slots } = this.owner.runtime;
    const releaseExecutor = slots ? slots.tryAcquire() : noop;
    if (!releaseExecutor) {
      (slots as Semaphore).wait(this, this.owner.request.signal);
      return;
    }
    this.owner.runtime.metrics.queued--;
    this.owner.slotsTaken(combine(this.releaseBatch as Release, releaseExecutor));
  }
}

const noop: Release = () => {};

function combine(releaseBatch: Release, releaseExecutor: Release): Release {
  // Stryker disable next-line ConditionalExpression: combining with noop releases the same slots; the choice only saves a closure.
  if (releaseBatch === noop) return releaseExecutor;
  // Stryker disable next-line ConditionalExpression: as above.
  if (releaseExecutor === noop) return releaseBatch;
  return () => {
    releaseExecutor();
    releaseBatch();
  };
}
