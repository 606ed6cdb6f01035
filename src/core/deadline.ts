import { startTimer } from './clock.ts';
import type { KillReason, TimeoutStrategy } from './timeout-strategy.ts';
import type { Clock } from './clock.ts';

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
  /** When the work starts, if the caller has just read the clock: the deadline is due timeoutMs after. */
  startedAt?: number;
  /** The caller's signal: aborting it ends the race at once. */
  signal?: AbortSignal;
  /** The reason the work's own signal aborts with at the deadline. */
  timeoutReason: () => unknown;
  /** The work settled after the race was decided; its value is ignored. */
  onLateSettle?: (settle: LateSettle) => void;
  /** The work's abort, when the caller already made one (see CallRun). */
  abort?: LazyAbort;
  /** What happens to the work at the deadline. Default `abort`: its signal aborts, nothing is killed. */
  strategy?: TimeoutStrategy;
  /**
   * Once the race is decided while the work still runs: kill it this long after (default never), with
   * `killReason`. A caller's abort kills lingering work at once.
   */
  killAfterMs?: number;
  killReason?: KillReason;
  /** Aborted when the work is killed; runtimes that can stop work by force (a worker) listen to it. */
  kill?: LazyAbort;
  /** The race was decided while the work was still running: it lingers until a late settle or a kill. */
  onLingering?: () => void;
  /** The lingering work settled late or was killed: it no longer runs (as far as the executor knows). */
  onLingerEnd?: () => void;
  /** The lingering work was stopped by force; a settle after this is not reported. */
  onKill?: (reason: KillReason) => void;
  /**
   * The race has started (only asynchronous work races): its deadline can be paused from now on, while
   * the work waits on the person (see attempt-waits.ts).
   */
  onRaceStart?: (deadline: PausableDeadline) => void;
}

/** A race's deadline that stands still while paused and then runs on with the time it had left. */
export interface PausableDeadline {
  pause(): void;
  resume(): void;
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
  const listener = new PromisedOutcome<T>();
  return raceDeadlineInto(work, options, listener) ?? listener.promise();
}

/** The outcome of a race as a promise, made only once the work turned out to be asynchronous. */
class PromisedOutcome<T> implements RaceListener<T> {
  readonly deferred = false;
  private resolve: ((outcome: RaceOutcome<T>) => void) | undefined;

  /** A race is never decided while it starts (the deadline's timer and the work's settle come later). */
  decided(outcome: RaceOutcome<T>): void {
    (this.resolve as (outcome: RaceOutcome<T>) => void)(outcome);
  }

  promise(): Promise<RaceOutcome<T>> {
    return new Promise((resolve) => (this.resolve = resolve));
  }
}

/** Who hears a race's outcome without a promise (an attempt, see attempts.ts). */
export interface RaceListener<T> {
  decided(outcome: RaceOutcome<T>): void;
  /**
   * True: an outcome decided by the deadline or the caller's abort is told in a microtask, after the
   * timer or the abort's dispatch that decided it (as a promise would). The work's own settle is told at once.
   */
  readonly deferred: boolean;
}

/**
 * raceDeadline without a promise of its own: the outcome is returned when the work answered at once,
 * else undefined and `listener.decided` hears it later. An asynchronous attempt then costs the work's own
 * promise and one reaction to it, nothing more (docs/adr/0021).
 */
export function raceDeadlineInto<T>(
  work: (abort: LazyAbort) => T | Promise<T>,
  options: DeadlineOptions,
  listener: RaceListener<T>,
): RaceOutcome<T> | undefined {
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
  new Race(options, workAbort, listener).start(returned);
  return undefined;
}

/**
 * One race between the work, the deadline and the caller's signal. A class with methods rather than
 * closures: it runs for every asynchronous attempt and validation, and each closure is an allocation
 * (and, where a bundler keeps function names, a defineProperty) per call.
 */
class Race<T> implements PausableDeadline {
  private decided = false;
  /** The deadline's timer while it runs; undefined once decided or while paused. */
  private cancelDeadline: (() => void) | undefined;
  /** The clock time the deadline's timer fires at. */
  private dueAt = 0;
  /** Set while paused: how long the deadline had left. */
  private remainingMs: number | undefined;
  /** The kill timer of lingering work. */
  private cancelKill: (() => void) | undefined;
  /** The race is decided but the work still runs (a late settle or a kill will end it). */
  private lingering = false;
  private workEnded = false;

  constructor(
    private readonly options: DeadlineOptions,
    private readonly workAbort: LazyAbort,
    private readonly listener: RaceListener<T>,
  ) {}

  start(running: Promise<T>): void {
    const { timeoutMs, signal } = this.options;
    // The race itself listens (handleEvent), so there is no closure to keep for removeEventListener.
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: an abort event fires once; `once` only drops the listener sooner.
    signal?.addEventListener('abort', this, { once: true });
    if (Number.isFinite(timeoutMs)) this.startDeadline(timeoutMs, this.options.startedAt);
    this.options.onRaceStart?.(this);
    Promise.resolve(running).then(
      (value) => this.onValue(value),
      (error: unknown) => this.onError(error),
    );
  }

  /** `from`: the clock's time now, when the caller has just read it (one read less per attempt). */
  private startDeadline(ms: number, from: number | undefined): void {
    const { clock } = this.options;
    const now = from ?? clock.now();
    this.dueAt = now + ms;
    this.cancelDeadline = startTimer(clock, Math.max(0, ms), () => this.onTimeout(), now);
  }

  /** Only a deadline that runs can stand still: none once decided, none without a limit. */
  pause(): void {
    if (!this.cancelDeadline) return;
    this.cancelDeadline();
    this.cancelDeadline = undefined;
    this.remainingMs = this.dueAt - this.options.clock.now();
  }

  resume(): void {
    if (this.remainingMs === undefined) return;
    const remaining = this.remainingMs;
    this.remainingMs = undefined;
    this.startDeadline(remaining, undefined);
  }

  /**
   * The caller's signal aborted. Decide first, abort second: what the work does in reaction then counts
   * as late. A caller who aborts (Stop, a newer run) wants the work gone, whatever the strategy: when the
   * work can be killed, it is, at once.
   */
  handleEvent(): void {
    // Only the caller's signal calls this, so it is there.
    const signal = this.options.signal as AbortSignal;
    if (this.lingering) {
      this.workAbort.abort(() => signal.reason);
      this.killNow('stopped');
      return;
    }
    if (!this.decide({ kind: 'aborted', reason: signal.reason }, true)) return;
    this.workAbort.abort(() => signal.reason);
    this.linger(false);
    this.killNow('stopped');
  }

  private onTimeout(): void {
    if (!this.decide({ kind: 'timeout' }, true)) return;
    if (this.options.strategy !== 'race') this.workAbort.abort(() => this.options.timeoutReason());
    this.linger(true);
  }

  /**
   * The race is decided and the work runs on: watch it until it settles or is killed. Called once, right
   * after the one successful decide, so the work has not ended yet.
   */
  private linger(watchCaller: boolean): void {
    this.lingering = true;
    this.options.onLingering?.();
    const { killAfterMs, clock, signal } = this.options;
    // A caller who aborted is not listened to again (its signal aborts once).
    if (!watchCaller) return;
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: an abort event fires once; `once` only drops the listener sooner.
    signal?.addEventListener('abort', this, { once: true });
    if (this.options.kill && Number.isFinite(killAfterMs))
      this.cancelKill = startTimer(clock, Math.max(0, killAfterMs as number), () =>
        this.killNow(this.options.killReason ?? 'grace-expired'),
      );
  }

  /**
   * Only while the work lingers: the kill timer and the caller's listener both go when it ends
   * (endLingering), so nothing calls this after.
   */
  private killNow(reason: KillReason): void {
    const kill = this.options.kill;
    if (!kill) return;
    this.endLingering();
    this.options.onLingerEnd?.();
    kill.abort(() => new DOMException('The work was stopped by force', 'AbortError'));
    this.options.onKill?.(reason);
  }

  private endLingering(): void {
    this.workEnded = true;
    this.cancelKill?.();
    this.options.signal?.removeEventListener('abort', this);
  }

  private onValue(value: T): void {
    // Settled first: nothing listens or waits any more, so there is nothing to end.
    if (this.decide({ kind: 'value', value }, false)) return;
    this.onLateSettle(settledLate);
  }

  private onError(error: unknown): void {
    if (this.decide({ kind: 'error', error }, false)) return;
    this.onLateSettle({ outcome: 'error', error });
  }

  private onLateSettle(late: LateSettle): void {
    // Decided before (by the deadline or the caller), so the work lingered until now, unless it was killed.
    if (this.workEnded) return;
    this.endLingering();
    this.options.onLingerEnd?.();
    this.options.onLateSettle?.(late);
  }

  /** `fromOutside`: decided by the deadline or the caller, not by the work (see RaceListener.deferred). */
  private decide(outcome: RaceOutcome<T>, fromOutside: boolean): boolean {
    if (this.decided) return false;
    this.decided = true;
    this.cancelDeadline?.();
    this.cancelDeadline = undefined;
    // A deadline paused when the race was decided never runs again.
    this.remainingMs = undefined;
    this.options.signal?.removeEventListener('abort', this);
    const { listener } = this;
    if (fromOutside && listener.deferred) queueMicrotask(() => listener.decided(outcome));
    else listener.decided(outcome);
    return true;
  }
}

/** Every late success reads the same: one object for all. */
const settledLate: LateSettle = { outcome: 'success' };

export function isThenable<T>(value: T | Promise<T>): value is Promise<T> {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function'
  );
}
