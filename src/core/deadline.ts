import { startTimer } from './clock.ts';
import type { Clock } from './types.ts';

export type RaceOutcome<T> =
  { kind: 'value'; value: T } | { kind: 'error'; error: unknown } | { kind: 'timeout' } | { kind: 'aborted'; reason: unknown };

export type LateSettle = { outcome: 'success' } | { outcome: 'error'; error: unknown };

/**
 * An AbortController made only when someone reads its signal. On Node, reading the `signal` of a new
 * controller costs several microseconds (and a DOMException reason ten more), more than everything
 * else a call does; most tools never look at theirs. Aborting before anyone asked makes the signal,
 * if it is asked for later, an aborted one; the reason is only built if it is seen.
 */
export class LazyAbort {
  private controller: AbortController | undefined;
  private abortedWith: (() => unknown) | undefined;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortedWith) this.controller.abort(this.abortedWith());
    }
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.abortedWith !== undefined;
  }

  /** `reason` is called at most once, and only if the signal was or will be read. */
  abort(reason: () => unknown): void {
    if (this.abortedWith) return;
    this.abortedWith = reason;
    this.controller?.abort(reason());
  }
}

export interface DeadlineOptions {
  clock: Clock;
  timeoutMs: number;
  /** The caller's signal: aborting it ends the race at once. */
  signal?: AbortSignal;
  /** The reason the work's own signal aborts with at the deadline. */
  timeoutReason: () => unknown;
  /** The work settled after the race was decided; its value is ignored. */
  onLateSettle?: (settle: LateSettle) => void;
  /** The work's abort, when the caller already made one (see CallRun). */
  abort?: LazyAbort;
}

/**
 * Runs `work` with its own (lazy) signal, which aborts when the caller aborts or the deadline passes. The race
 * decides *how long we wait*: the outcome arrives at the deadline (or the abort) even if the work ignores
 * its signal and keeps running; when such work finally settles, `onLateSettle` reports it.
 * Work that answers synchronously (a zod validation, a pure tool) is done before any timer or listener
 * is set up, which keeps the common case cheap.
 */
export function raceDeadline<T>(
  work: (abort: LazyAbort) => T | Promise<T>,
  options: DeadlineOptions,
): RaceOutcome<T> | Promise<RaceOutcome<T>> {
  const callerSignal = options.signal;
  if (callerSignal?.aborted) return { kind: 'aborted', reason: callerSignal.reason };
  const workAbort = options.abort ?? new LazyAbort();
  let returned: T | Promise<T>;
  try {
    returned = work(workAbort);
  } catch (error) {
    return { kind: 'error', error };
  }
  if (!isThenable(returned)) return { kind: 'value', value: returned };
  const running = returned;
  return new Promise<RaceOutcome<T>>((resolve) => new Race(options, workAbort, resolve).start(running));
}

/**
 * One race between the work, the deadline and the caller's signal. A class with methods rather than
 * closures: it runs for every asynchronous attempt and validation, and each closure is an allocation
 * (and, where a bundler keeps function names, a defineProperty) per call.
 */
class Race<T> {
  private decided = false;
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly options: DeadlineOptions,
    private readonly workAbort: LazyAbort,
    private readonly resolve: (outcome: RaceOutcome<T>) => void,
  ) {}

  start(running: Promise<T>): void {
    const { clock, timeoutMs, signal } = this.options;
    // The race itself listens (handleEvent), so there is no closure to keep for removeEventListener.
    signal?.addEventListener('abort', this, { once: true });
    if (Number.isFinite(timeoutMs)) this.cancelTimer = startTimer(clock, Math.max(0, timeoutMs), () => this.onTimeout());
    Promise.resolve(running).then(
      (value) => this.onSettled({ kind: 'value', value }, { outcome: 'success' }),
      (error: unknown) => this.onSettled({ kind: 'error', error }, { outcome: 'error', error }),
    );
  }

  /** The caller's signal aborted. Decide first, abort second: what the work does in reaction then counts as late. */
  handleEvent(): void {
    const signal = this.options.signal;
    if (this.decide({ kind: 'aborted', reason: signal?.reason })) this.workAbort.abort(() => signal?.reason);
  }

  private onTimeout(): void {
    if (this.decide({ kind: 'timeout' })) this.workAbort.abort(() => this.options.timeoutReason());
  }

  private onSettled(outcome: RaceOutcome<T>, late: LateSettle): void {
    if (!this.decide(outcome)) this.options.onLateSettle?.(late);
  }

  private decide(outcome: RaceOutcome<T>): boolean {
    if (this.decided) return false;
    this.decided = true;
    this.cancelTimer?.();
    this.options.signal?.removeEventListener('abort', this);
    this.resolve(outcome);
    return true;
  }
}

function isThenable<T>(value: T | Promise<T>): value is Promise<T> {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function'
  );
}
