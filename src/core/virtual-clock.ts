import { abortReason } from './clock.ts';
import type { Clock } from './types.ts';

interface PendingTimer {
  time: number;
  sequence: number;
  fire: () => void;
}

type MacrotaskScheduler = (callback: () => void) => void;

// Waiting for one macrotask lets every pending microtask chain run to completion, however deep it is,
// which a fixed number of `await Promise.resolve()` cannot promise. setImmediate (Node) and
// MessageChannel (browsers) avoid the 1-4 ms clamp of setTimeout(0) that would make replays slow.
const scheduleMacrotask: MacrotaskScheduler = (() => {
  const host = globalThis as unknown as {
    setImmediate?: (callback: () => void) => void;
    MessageChannel?: new () => {
      port1: { onmessage: (() => void) | null };
      port2: { postMessage(message: unknown): void };
    };
  };
  if (typeof host.setImmediate === 'function') {
    const setImmediate = host.setImmediate;
    return (callback) => setImmediate(callback);
  }
  if (typeof host.MessageChannel === 'function') {
    const channel = new host.MessageChannel();
    const queue: (() => void)[] = [];
    channel.port1.onmessage = () => queue.shift()?.();
    return (callback) => {
      queue.push(callback);
      channel.port2.postMessage(undefined);
    };
  }
  return (callback) => setTimeout(callback, 0);
})();

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
  private sequence = 0;
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
    const timer: PendingTimer = { time: this.current + Math.max(0, ms), sequence: this.sequence++, fire: callback };
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
        signal?.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
        return;
      }
      const timer: PendingTimer = {
        time: this.current + Math.max(0, ms),
        sequence: this.sequence++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.timers = this.timers.filter((pending) => pending !== timer);
        reject(abortReason(signal as AbortSignal));
      };
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

  private async fireNext(): Promise<void> {
    const next = this.timers.shift();
    if (!next) return;
    this.current = Math.max(this.current, next.time);
    next.fire();
    await settle();
  }

  private insert(timer: PendingTimer): void {
    // Timers are few; a sorted insert keeps firing order trivially correct.
    let index = this.timers.length;
    while (index > 0) {
      const previous = this.timers[index - 1] as PendingTimer;
      if (previous.time <= timer.time) break;
      index--;
    }
    this.timers.splice(index, 0, timer);
  }
}
