import type { Clock } from './types.ts';

export type RaceOutcome<T> =
  | { kind: 'value'; value: T }
  | { kind: 'error'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'aborted'; reason: unknown };

export type LateSettle = { outcome: 'success' } | { outcome: 'error'; error: unknown };

export interface DeadlineOptions {
  clock: Clock;
  timeoutMs: number;
  /** The caller's signal: aborting it ends the race at once. */
  signal?: AbortSignal;
  /** The reason the work's own signal aborts with at the deadline. */
  timeoutReason: () => unknown;
  /** The work settled after the race was decided; its value is ignored. */
  onLateSettle?: (settle: LateSettle) => void;
}

/**
 * Runs `work` with its own signal, which aborts when the caller aborts or the deadline passes. The race
 * decides *how long we wait*: the outcome arrives at the deadline (or the abort) even if the work ignores
 * its signal and keeps running; when such work finally settles, `onLateSettle` reports it.
 */
export function raceDeadline<T>(work: (signal: AbortSignal) => T | Promise<T>, options: DeadlineOptions): Promise<RaceOutcome<T>> {
  const { clock, timeoutMs, signal: callerSignal } = options;
  if (callerSignal?.aborted) return Promise.resolve({ kind: 'aborted', reason: callerSignal.reason });
  return new Promise<RaceOutcome<T>>((resolve) => {
    const workController = new AbortController();
    const timerController = new AbortController();
    let decided = false;

    const decide = (outcome: RaceOutcome<T>): boolean => {
      if (decided) return false;
      decided = true;
      timerController.abort();
      callerSignal?.removeEventListener('abort', onCallerAbort);
      resolve(outcome);
      return true;
    };
    // Decide first, abort second: whatever the work does in reaction to the abort then counts as late.
    const onCallerAbort = (): void => {
      if (decide({ kind: 'aborted', reason: callerSignal?.reason })) workController.abort(callerSignal?.reason);
    };

    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    if (Number.isFinite(timeoutMs)) {
      clock.sleep(Math.max(0, timeoutMs), timerController.signal).then(
        () => {
          if (decide({ kind: 'timeout' })) workController.abort(options.timeoutReason());
        },
        () => {
          // Cancelled because the race was decided another way.
        },
      );
    }

    let running: Promise<T>;
    try {
      running = Promise.resolve(work(workController.signal));
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => {
        if (!decide({ kind: 'value', value })) options.onLateSettle?.({ outcome: 'success' });
      },
      (error: unknown) => {
        if (!decide({ kind: 'error', error })) options.onLateSettle?.({ outcome: 'error', error });
      },
    );
  });
}
