import { TimerQueue } from './timer-queue.ts';

/** Time source. Timeouts, backoff and `ctx.sleep` all go through it, so a virtual clock makes runs replayable. */
export interface Clock {
  /** Milliseconds. The real clock returns epoch-based ms; a virtual clock starts wherever it was told. */
  now(): number;
  /** Resolves after `ms`; rejects with `signal.reason` as soon as the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Optional fast path for internal deadlines: calls `callback` after `ms` unless the returned cancel
   * function runs first. Cancelling through an AbortSignal costs tens of microseconds on Node (each
   * abort builds a DOMException), more than the rest of a call; clocks without it still work via `sleep`.
   * `from`: this clock's time now, when the caller has just read it; the timer is then due `ms` after it
   * (one clock read less per deadline). A clock may ignore it.
   */
  setTimer?(ms: number, callback: () => void, from?: number): () => void;
  /**
   * True when this clock is the wall clock at normal speed: a runtime in another thread (a sandbox
   * worker) may then time a tool's waits itself instead of asking the executor's thread for each,
   * with the same outcome and a round trip less. Absent on virtual and slowed-down clocks.
   */
  readonly realTime?: boolean;
}

/** The reason a sleep rejects with when its signal aborts without a reason of its own. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

const maxTimerMs = 2_147_483_647;

/**
 * Wall time. `now()` is epoch milliseconds (so an HTTP-date Retry-After can be compared with it) but
 * advances with `performance.now()`, so a system clock adjustment mid-run cannot make a duration negative.
 */
export class RealClock implements Clock {
  readonly realTime = true;
  private readonly origin = Date.now() - performance.now();
  /** Deadlines share one host timer (see TimerQueue). */
  private readonly timers = new TimerQueue();

  now(): number {
    return this.origin + performance.now();
  }

  setTimer(ms: number, callback: () => void, from?: number): () => void {
    if (!(ms <= maxTimerMs)) return () => {};
    // The queue counts in performance.now() time; `from` is in this clock's (epoch-based) time.
    return this.timers.add(Math.max(0, ms), callback, from === undefined ? undefined : from - this.origin);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      // Hosts fire timers above 2^31-1 ms at once; waiting "forever" must mean until aborted.
      if (!(ms <= maxTimerMs)) {
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; the listener cannot run twice either way.
        signal?.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
        return;
      }
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once; the listener cannot run twice either way.
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** A cheap, reason-carrying cancellation for clocks without `setTimer`: abort() without a reason builds a DOMException. */
// Stryker disable next-line ObjectLiteral,BooleanLiteral: any reason will do; it is caught and dropped below.
const timerCancelled = { cancelled: true };

/** Starts a timer on any clock; returns its cancel function. */
export function startTimer(clock: Clock, ms: number, callback: () => void, from?: number): () => void {
  if (clock.setTimer) return clock.setTimer(ms, callback, from);
  const controller = new AbortController();
  clock.sleep(ms, controller.signal).then(callback, () => {
    // Cancelled: nothing to do.
  });
  return () => controller.abort(timerCancelled);
}
