import { startTimer } from './clock.ts';
import type { Clock } from './types.ts';

export type RaceOutcome<T> =
  { kind: 'value'; value: T } | { kind: 'error'; error: unknown } | { kind: 'timeout' } | { kind: 'aborted'; reason: unknown };

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
  /** The controller of the work's signal, when the caller already made one (see CallRun). */
  controller?: AbortController;
}

/**
 * Runs `work` with its own signal, which aborts when the caller aborts or the deadline passes. The race
 * decides *how long we wait*: the outcome arrives at the deadline (or the abort) even if the work ignores
 * its signal and keeps running; when such work finally settles, `onLateSettle` reports it.
 * Work that answers synchronously (a zod validation, a pure tool) is done before any timer or listener
 * is set up, which keeps the common case cheap.
 */
export function raceDeadline<T>(
  work: (signal: AbortSignal) => T | Promise<T>,
  options: DeadlineOptions,
): RaceOutcome<T> | Promise<RaceOutcome<T>> {
  const { clock, timeoutMs, signal: callerSignal } = options;
  if (callerSignal?.aborted) return { kind: 'aborted', reason: callerSignal.reason };
  const workController = options.controller ?? new AbortController();
  let returned: T | Promise<T>;
  try {
    returned = work(workController.signal);
  } catch (error) {
    return { kind: 'error', error };
  }
  if (!isThenable(returned)) return { kind: 'value', value: returned };
  const running = returned;

  return new Promise<RaceOutcome<T>>((resolve) => {
    let decided = false;
    let cancelTimer = (): void => {};
    const decide = (outcome: RaceOutcome<T>): boolean => {
      if (decided) return false;
      decided = true;
      cancelTimer();
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
      cancelTimer = startTimer(clock, Math.max(0, timeoutMs), () => {
        if (decide({ kind: 'timeout' })) workController.abort(options.timeoutReason());
      });
    }
    Promise.resolve(running).then(
      (value) => {
        if (!decide({ kind: 'value', value })) options.onLateSettle?.({ outcome: 'success' });
      },
      (error: unknown) => {
        if (!decide({ kind: 'error', error })) options.onLateSettle?.({ outcome: 'error', error });
      },
    );
  });
}

function isThenable<T>(value: T | Promise<T>): value is Promise<T> {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function'
  );
}
