import type { CallLogs } from './call-logs.ts';
import type { CallReports } from './call-reports.ts';
import type { CallRequest, CallRuntime } from './call-runtime.ts';
import type { ExecutorEventPayload } from './event-types.ts';
import { AttemptWaits } from './attempt-waits.ts';
import {
  LazyAbort,
  raceDeadlineInto,
  type DeadlineOptions,
  type LateSettle,
  type PausableDeadline,
  type RaceListener,
  type RaceOutcome,
} from './deadline.ts';
import { messageOf } from './errors.ts';
import { retryAfterFrom } from './retry-after.ts';
import { backoffDelay, classifyFailure, resolveRetryPolicy } from './retry-policy.ts';
import { abortedError, thrownError, timeoutError } from './results.ts';
import { resolveTimeoutPolicy, type KillReason, type TimeoutPolicy, type TimeoutStrategy } from './timeout-strategy.ts';
import type { Clock } from './clock.ts';
import type { Tool } from './tool.ts';
import type { ProgressUpdate, ToolContext, TrafficDirection, WaitDetail, WaitReason } from './tool-context.ts';
import type { ToolError } from './tool-error.ts';
import type { AttemptDetail } from './tool-result.ts';

export type CallOutcome = { value: unknown } | { error: ToolError; details?: unknown };

/** What the attempts need from the call they belong to (AttemptOwner): they report to it, never write into it. */
export interface AttemptOwner {
  readonly name: string;
  readonly runtime: CallRuntime;
  readonly request: CallRequest;
  /** When the call left the queue: the first attempt starts then if validation took no time. */
  readonly startedAt: number | undefined;
  /** Whether anyone listens to events: payloads nobody reads are not built. */
  readonly observed: boolean;
  readonly logs: CallLogs;
  readonly reports: CallReports;
  emit(payload: ExecutorEventPayload): void;
  attemptStarted(attempt: number): void;
  attemptEnded(detail: AttemptDetail): void;
  /** Between an attempt and the next: the call has not ended when the attempt did. */
  waitingToRetry(): void;
  reportLateSettle(attempt: number, settle: LateSettle): void;
  /** The attempts are over: the call ends with this outcome. Told once. */
  attemptsEnded(outcome: CallOutcome): void;
}

/**
 * Runs the attempts of one call and tells `run.attemptsEnded` their outcome, at once when the tool
 * answered synchronously. Only tools declared idempotent are retried, and only after a transient
 * failure: retrying a call with side effects could, say, charge a card twice. An object with methods,
 * not an async function: an attempt then costs no promise of its own (docs/adr/0021).
 */
export function runAttempts(run: AttemptOwner, tool: Tool, input: unknown, timeoutMs: number, firstAbort?: LazyAbort): void {
  new CallAttempts(run, tool, input, timeoutMs, firstAbort).next();
}

class CallAttempts implements RaceListener<unknown> {
  readonly deferred = true;
  private attempt = 0;
  /** Stable across attempts, so a service that deduplicates writes sees one operation. */
  private readonly idempotencyKey: string;
  private readonly timeoutPolicy: TimeoutPolicy;
  private readonly killable: boolean;
  /** The attempt that runs: its deadline and when it started. */
  private attemptDeadline: AttemptDeadline | undefined;
  private startedAt = 0;

  constructor(
    private readonly run: AttemptOwner,
    private readonly tool: Tool,
    private readonly input: unknown,
    private readonly timeoutMs: number,
    private firstAbort: LazyAbort | undefined,
  ) {
    this.idempotencyKey = `${run.name}:${run.request.toolCallId}`;
    this.timeoutPolicy = resolveTimeoutPolicy(
      // Stryker disable next-line ConditionalExpression: passing { undefined, undefined } instead of undefined resolves the same (each field falls through with ??); the second test is checked by a tool that sets only its grace.
      tool.timeoutStrategy === undefined && tool.killGraceMs === undefined
        ? undefined
        : { strategy: tool.timeoutStrategy, killGraceMs: tool.killGraceMs },
      run.request.timeoutStrategy,
      run.runtime.timeoutStrategy,
    );
    this.killable = tool.killable === true;
  }

  /** Starts the next attempt. */
  next(): void {
    const { run, tool, input, timeoutMs, timeoutPolicy, killable } = this;
    const { clock } = run.runtime;
    const attempt = ++this.attempt;
    run.attemptStarted(attempt);
    const firstAbort = this.firstAbort;
    this.firstAbort = undefined;
    // After a synchronous validation no time has passed since the call started: one clock read less
    // (performance.now() costs a tenth of a microsecond on Node, half a microsecond in Chromium).
    // Stryker disable next-line ConditionalExpression,EqualityOperator: after a synchronous validation the clock still reads startedAt, and startedAt is always set here; this only saves a clock read.
    const startedAt = firstAbort && run.startedAt !== undefined ? run.startedAt : clock.now();
    const deadline = startedAt + timeoutMs;
    // Stryker disable next-line ConditionalExpression: emit() checks for listeners itself; this test only skips building the payload.
    if (run.observed)
      run.emit({
        type: 'attempt-start',
        attempt,
        deadline,
        timeoutMs,
        timeoutStrategy: timeoutPolicy.strategy,
        ...(killable && Number.isFinite(timeoutPolicy.killAfterMs) ? { killAfterMs: timeoutPolicy.killAfterMs } : {}),
      });
    const attemptDeadline = new AttemptDeadline(
      run,
      attempt,
      clock,
      timeoutMs,
      startedAt,
      // Stryker disable next-line LogicalOperator: without an abort here raceDeadline makes its own; this only hands on the validation's.
      firstAbort ?? new LazyAbort(),
      timeoutPolicy,
      killable ? new LazyAbort() : undefined,
    );
    this.attemptDeadline = attemptDeadline;
    this.startedAt = startedAt;
    const outcome = raceDeadlineInto(
      (abort) => tool.execute(input, contextFor(run, attempt, abort, this.idempotencyKey, attemptDeadline)),
      attemptDeadline,
      this,
    );
    if (outcome) this.attemptEnded(outcome);
  }

  /** The race of an asynchronous attempt was decided (RaceListener). */
  decided(outcome: RaceOutcome<unknown>): void {
    try {
      this.attemptEnded(outcome);
    } catch (error) {
      // Not reachable by design (everything here returns values); kept so a bug can never lose a call.
      this.run.attemptsEnded(internalError(error));
    }
  }

  private attemptEnded(outcome: RaceOutcome<unknown>): void {
    const { run, tool, timeoutMs, attempt, startedAt } = this;
    const { runtime, request } = run;
    const { clock } = runtime;
    const attemptDeadline = this.attemptDeadline as AttemptDeadline;
    // Waits still open end with the attempt, before its end is told.
    attemptDeadline.closeWaits();
    const error = errorOf(run.name, outcome, timeoutMs);
    const workRunning = attemptDeadline.workRunning;
    const detail: AttemptDetail = {
      attempt,
      startedAt,
      // Later than planned by the time the attempt waited on the person.
      deadline: attemptDeadline.deadline,
      endedAt: clock.now(),
      outcome: error ? error.kind : 'success',
    };
    // Set only when present, in this order (a spread of an empty object per field is an allocation).
    if (error) detail.error = error;
    if (workRunning) detail.workRunning = workRunning;
    run.attemptEnded(detail);
    // Stryker disable next-line ConditionalExpression: emit() checks for listeners itself; this test only skips building the payload.
    if (run.observed)
      run.emit({
        type: 'attempt-end',
        attempt,
        outcome: detail.outcome,
        startedAt,
        ...(error ? { error } : {}),
        ...(workRunning ? { workRunning } : {}),
      });
    if (!error) {
      // A value outcome is a CallOutcome as it is ({ kind, value }): no copy.
      run.attemptsEnded(outcome as { kind: 'value'; value: unknown });
      return;
    }

    // Only an invalid_arguments error has issues.
    const details = error.issues;
    // Stryker disable next-line ConditionalExpression: only an 'error' outcome has an error field; the others read undefined either way.
    const thrown = outcome.kind === 'error' ? outcome.error : undefined;
    const classification = classifyFailure(error.kind, thrown);
    // Resolved only now: a call that succeeds never needs it.
    const policy = resolveRetryPolicy(runtime.retry, tool.retry);
    if (!tool.idempotent || !classification.transient || attempt >= policy.maxAttempts || request.signal?.aborted) {
      run.attemptsEnded({ error, details });
      return;
    }

    const retryAfterMs = retryAfterFrom(thrown, clock.now());
    const delayMs = retryAfterMs ?? backoffDelay(attempt, policy, runtime.random);
    const reason = retryAfterMs === undefined ? classification.reason : `${classification.reason}, retry-after`;
    detail.retryDelayMs = delayMs;
    detail.retryReason = reason;
    if (retryAfterMs !== undefined) detail.retryAfterMs = retryAfterMs;
    runtime.metrics.retry(run.name);
    run.emit({ type: 'retry-scheduled', attempt, delayMs, reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
    run.waitingToRetry();
    clock.sleep(delayMs, request.signal).then(
      () => this.retry(),
      (reasonOfAbort: unknown) => run.attemptsEnded({ error: abortedError(run.name, reasonOfAbort, ' while waiting to retry') }),
    );
  }

  private retry(): void {
    try {
      this.next();
    } catch (error) {
      // Not reachable by design, as in decided().
      this.run.attemptsEnded(internalError(error));
    }
  }
}

/** A bug of the executor, as the outcome the call ends with. */
export function internalError(error: unknown): { error: ToolError } {
  return { error: { kind: 'execution_error', message: `Internal executor error: ${messageOf(error)}`, retryable: false } };
}

const noEnd = (): void => {};

/** The deadline of one attempt, as an object with methods: nothing here may cost more than the call's own work. */
class AttemptDeadline implements DeadlineOptions {
  readonly signal: AbortSignal | undefined;
  private readonly plannedDeadline: number;
  readonly strategy: TimeoutStrategy;
  readonly killAfterMs: number;
  readonly killReason: KillReason;
  /** Set while the work runs on after the executor stopped waiting. */
  workRunning = false;
  /** Made when the tool first waits (ToolContext.wait): most never do. */
  private waits: AttemptWaits | undefined;
  private race: PausableDeadline | undefined;
  private waitsClosed = false;

  constructor(
    private readonly run: AttemptOwner,
    private readonly attempt: number,
    readonly clock: Clock,
    readonly timeoutMs: number,
    /** When the attempt started: its deadline is due timeoutMs after. */
    readonly startedAt: number,
    readonly abort: LazyAbort,
    policy: TimeoutPolicy,
    readonly kill: LazyAbort | undefined,
  ) {
    this.signal = run.request.signal;
    this.plannedDeadline = startedAt + timeoutMs;
    this.strategy = policy.strategy;
    this.killAfterMs = policy.killAfterMs;
    this.killReason = policy.killReason;
  }

  /** The attempt's deadline, moved on by the time it waited on the person. */
  get deadline(): number {
    return this.waits ? this.waits.deadline : this.plannedDeadline;
  }

  onRaceStart(race: PausableDeadline): void {
    this.race = race;
    this.waits?.attach(race);
  }

  wait(on: WaitReason, detail: WaitDetail | undefined): (end?: WaitDetail) => void {
    // Work that lingers past its attempt waits on nobody's behalf: the attempt's phases are over.
    if (this.waitsClosed) return noEnd;
    if (!this.waits) {
      this.waits = new AttemptWaits(this.run, this.attempt, this.clock, this.plannedDeadline);
      // Stryker disable next-line ConditionalExpression: attaching no race to new waits changes nothing (they hold none and are not paused yet); the guard is for the type.
      if (this.race) this.waits.attach(this.race);
    }
    return this.waits.start(on, detail);
  }

  closeWaits(): void {
    this.waitsClosed = true;
    this.waits?.close();
  }

  timeoutReason(): unknown {
    return new DOMException(`Tool "${this.run.name}" timed out after ${this.timeoutMs} ms`, 'TimeoutError');
  }

  onLingering(): void {
    this.workRunning = true;
    this.run.runtime.lingering.started();
  }

  onLingerEnd(): void {
    this.run.runtime.lingering.ended();
  }

  onLateSettle(settle: LateSettle): void {
    this.run.reportLateSettle(this.attempt, settle);
  }

  onKill(reason: KillReason): void {
    this.run.emit({ type: 'attempt-killed', attempt: this.attempt, reason });
  }
}

function errorOf(name: string, outcome: RaceOutcome<unknown>, timeoutMs: number): ToolError | undefined {
  switch (outcome.kind) {
    // Stryker disable next-line StringLiteral: a value outcome that matches no case falls out of the switch with undefined, the same answer.
    case 'value':
      return undefined;
    case 'timeout':
      return timeoutError(name, timeoutMs);
    case 'aborted':
      return abortedError(name, outcome.reason);
    case 'error':
      return thrownError(name, outcome.error);
  }
}

/**
 * What the tool gets as `ctx`. A class, not an object literal: a literal with a getter costs about a
 * microsecond to create in V8, more than the rest of a call. `signal` is a getter on the prototype that
 * makes the attempt's AbortController on first read (see LazyAbort); code that copies a context with a
 * spread must copy `signal` explicitly (see ToolContext).
 */
class AttemptContext implements ToolContext {
  readonly toolCallId: string;
  readonly userId: string | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly sleep: (ms: number) => Promise<void>;
  readonly log: (...values: unknown[]) => void;
  readonly progress: (update: ProgressUpdate) => void;
  readonly traffic: (direction: TrafficDirection, message: unknown) => void;
  readonly wait: (on: WaitReason, detail?: WaitDetail) => (end?: WaitDetail) => void;
  readonly #abort: LazyAbort;
  readonly #kill: LazyAbort | undefined;
  readonly #clock: Clock;

  constructor(
    run: AttemptOwner,
    readonly attempt: number,
    abort: LazyAbort,
    readonly idempotencyKey: string,
    deadline: AttemptDeadline,
  ) {
    const { runtime } = run;
    this.toolCallId = run.request.toolCallId;
    this.userId = runtime.userId;
    this.env = runtime.env;
    this.#abort = abort;
    this.#kill = deadline.kill;
    this.#clock = runtime.clock;
    // Own functions, so `const { log } = ctx` works as it did with a plain object.
    this.sleep = (ms) => runtime.clock.sleep(ms, abort.signal);
    this.log = (...values) => run.logs.write(attempt, values);
    this.progress = (update) => run.reports.progress(attempt, update);
    this.traffic = (direction, message) => run.reports.traffic(attempt, direction, message);
    this.wait = (on, detail) => deadline.wait(on, detail);
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** Undefined for tools that cannot be killed (see Tool.killable). */
  get killSignal(): AbortSignal | undefined {
    return this.#kill?.signal;
  }

  delay(ms: number): Promise<void> {
    return this.#clock.sleep(ms);
  }

  /** A getter, so a context costs nothing more to make (see the class comment). */
  get realTime(): boolean {
    return this.#clock.realTime === true;
  }
}

function contextFor(run: AttemptOwner, attempt: number, abort: LazyAbort, idempotencyKey: string, deadline: AttemptDeadline): ToolContext {
  return new AttemptContext(run, attempt, abort, idempotencyKey, deadline);
}
