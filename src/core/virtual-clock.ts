import { abortReason } from './clock.ts';
import type { Clock } from './clock.ts';

interface PendingTimer {
  time: number;
  fire: () => void;
}

export type MacrotaskScheduler = (callback: () => void) => void;

/** The host features the scheduler picks from; a parameter so that a test can offer the browser's choice in Node. */
export interface MacrotaskHost {
  setImmediate?: (callback: () => void) => void;
  MessageChannel?: new () => {
    port1: { onmessage: (() => void) | null };
    port2: { postMessage(message: unknown): void };
  };
  setTimeout: (callback: () => void, ms: number) => unknown;
}

// Waiting for one macrotask lets every pending microtask chain run to completion, however deep it is,
// which a fixed number of `await Promise.resolve()` cannot promise. setImmediate (Node) and
// MessageChannel (browsers) avoid the 1-4 ms clamp of setTimeout(0) that would make replays slow.
export function macrotaskScheduler(host: MacrotaskHost): MacrotaskScheduler {
  if (typeof host.setImmediate === 'function') {
    const setImmediate = host.setImmediate;
    return (callback) => setImmediate(callback);
  }
  if (typeof host.MessageChannel === 'function') {
    const channel = new host.MessageChannel();
    const queue: (() => void)[] = [];
    // One message per queued callback, so the queue is never empty when a message arrives.
    channel.port1.onmessage = () => (queue.shift() as () => void)();
    return (callback) => {
      queue.push(callback);
      channel.port2.postMessage(undefined);
    };
  }
  const setTimer = host.setTimeout;
  return (callback) => setTimer(callback, 0);
}

const scheduleMacrotask = macrotaskScheduler(globalThis as unknown as MacrotaskHost);

/** Lets all microtasks queued so far (and those they queue) settle. */
export function settle(): Promise<void> {
  return new Promise((resolve) => scheduleMacrotask(resolve));
}

/**
 * A clock that only moves when told to. Timers fire in time order (ties in creation order), and
 * microtasks settle after each one, so code awaiting a timer runs before the next timer fires, exactly
 * as it would in real time.
 */
export class VirtualClock implements Clock {
  private current: number;
  private timers: PendingTimer[] = [];

  constructor(start = 0) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  setTimer(ms: number, callback: () => void): () => void {
    // "Never" is not a time: such a timer would drag the clock to Infinity when run until idle.
    if (Number.isNaN(ms) || ms === Infinity) return () => {};
    const timer: PendingTimer = { time: this.current + Math.max(0, ms), fire: callback };
    this.insert(timer);
    return () => {
      this.timers = this.timers.filter((pending) => pending !== timer);
    };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      if (Number.isNaN(ms) || ms === Infinity) {
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; the listener cannot run twice either way.
        signal?.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
        return;
      }
      const timer: PendingTimer = {
        time: this.current + Math.max(0, ms),
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.timers = this.timers.filter((pending) => pending !== timer);
        reject(abortReason(signal as AbortSignal));
      };
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; the listener cannot run twice either way.
      signal?.addEventListener('abort', onAbort, { once: true });
      this.insert(timer);
    });
  }

  /** Moves time forward by `ms`, firing the timers due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + Math.max(0, ms);
    await settle();
    for (;;) {
      const next = this.timers[0];
      if (!next || next.time > target) break;
      await this.fireNext();
    }
    this.current = target;
    await settle();
  }

  /**
   * Advances through every pending timer, including those created meanwhile, until none is left.
   * `maxSteps` guards against a loop that keeps scheduling timers forever.
   */
  async runUntilIdle(maxSteps = 100_000): Promise<void> {
    await settle();
    for (let step = 0; this.timers.length > 0; step++) {
      if (step >= maxSteps) throw new Error(`VirtualClock.runUntilIdle: still busy after ${maxSteps} timers`);
      await this.fireNext();
    }
  }

  /** Runs the clock until idle, then returns what `work` settled with: `await clock.run(executor.execute(call))`. */
  async run<T>(work: Promise<T>): Promise<T> {
    await this.runUntilIdle();
    return work;
  }

  /** Only called with a timer pending (both callers check). */
  private async fireNext(): Promise<void> {
    const next = this.timers.shift() as PendingTimer;
    this.current = Math.max(this.current, next.time);
    next.fire();
    await settle();
  }

  private insert(timer: PendingTimer): void {
    // Timers are few; a sorted insert keeps firing order trivially correct. A timer goes after those due at
    // the same time, so ties fire in creation order.
    let index = this.timers.length;
    while (index > 0) {
      const previous = this.timers[index - 1] as PendingTimer;
      if (previous.time <= timer.time) break;
      index--;
    }
    this.timers.splice(index, 0, timer);
  }
}
