import { parseArguments } from './arguments.ts';
import type { CallRequest, CallRuntime } from './call-runtime.ts';
import { CallLogs } from './call-logs.ts';
import { CallReports } from './call-reports.ts';
import { messageOf } from './errors.ts';
import {
  isThenable,
  LazyAbort,
  raceDeadlineInto,
  type DeadlineOptions,
  type LateSettle,
  type RaceListener,
  type RaceOutcome,
} from './deadline.ts';
import { takeSlots, type SlotsOwner } from './call-slots.ts';
import { ignoredKeysOf } from './ignored-keys.ts';
import { abortedError, invalidArgumentsError, thrownError, timeoutError, unavailableError, unknownToolError } from './results.ts';
import type { Release } from './semaphore.ts';
import { internalError, runAttempts, type AttemptOwner, type CallOutcome } from './attempts.ts';
import type { ExecutorEvent, ExecutorEventPayload } from './event-types.ts';
import type { Clock } from './clock.ts';
import type { Tool, ValidationResult } from './tool.ts';
import type { ToolError } from './tool-error.ts';
import type { AttemptDetail, ToolCallFailure, ToolCallResult, ToolCallSuccess } from './tool-result.ts';

/**
 * The life of one call: queued -> (slot) -> started -> validated -> attempts -> ended.
 * Failures found before a slot is needed (unknown tool, malformed arguments, unhealthy tool, already
 * aborted) end the call straight from the queue: it emits `tool-call-queued` then `tool-call-end`,
 * without `tool-call-start`, because it never ran.
 */
export class CallRun implements AttemptOwner, SlotsOwner, RaceListener<ValidationResult> {
  /** An asynchronous validation decided by its deadline or an abort is told in a microtask (RaceListener). */
  readonly deferred = true;
  readonly name: string;
  private readonly attemptsDetail: AttemptDetail[] = [];
  private readonly queuedAt: number;
  startedAt: number | undefined;
  /** When the last attempt ended: the call ends then too, unless it went on waiting (see finish). */
  private lastAttemptEndedAt: number | undefined;
  private attempts = 0;
  /** The version that serves the call, once routed. Every event of the call carries it. */
  private version: string | undefined;
  /** Made on the first log line: most calls log nothing. */
  private callLogs: CallLogs | undefined;
  /** Keys of the arguments that validation dropped (see ignored-keys.ts); set only when there are some. */
  private ignoredKeys: string[] | undefined;
  /** Made on the first progress or traffic report: only remote tools report. */
  private callReports: CallReports | undefined;
  /** Set once routed and its arguments parsed: what the call runs once it has its slots. */
  private tool: Tool | undefined;
  private input: unknown;
  private timeoutMs = 0;
  /** Gives the call's slots back; set while it holds them. */
  private release: Release | undefined;

  constructor(
    readonly runtime: CallRuntime,
    readonly request: CallRequest,
    /** Hears the call's result, once; `index` is the call's place in its batch. */
    private readonly ended: (result: ToolCallResult, index: number) => void,
  ) {
    this.name = nameOf(request.call);
    // A batch reads the clock once for all its calls: it queues them all in one synchronous loop.
    this.queuedAt = request.queuedAt ?? runtime.clock.now();
  }

  get logs(): CallLogs {
    this.callLogs ??= new CallLogs(
      () => this.runtime.clock.now(),
      (entry) => this.emit({ type: 'tool-call-log', entry }),
    );
    return this.callLogs;
  }

  get reports(): CallReports {
    this.callReports ??= new CallReports(
      () => this.runtime.clock.now(),
      (entry) => this.emit({ type: 'tool-call-progress', entry }),
      (entry) => this.emit({ type: 'tool-call-traffic', entry }),
    );
    return this.callReports;
  }

  /** Whether anyone listens to events: callers skip building a payload nobody will read. */
  get observed(): boolean {
    return this.runtime.events.hasListeners;
  }

  emit(payload: ExecutorEventPayload): void {
    // Stryker disable next-line ConditionalExpression: an EventHub without listeners emits to nobody; the test only skips building the event.
    if (!this.runtime.events.hasListeners) return;
    const { toolCallId, batchId } = this.request;
    const event = {
      time: this.runtime.clock.now(),
      toolCallId,
      name: this.name,
      ...(batchId === undefined ? {} : { batchId }),
      ...(this.version === undefined ? {} : { version: this.version }),
      ...payload,
    };
    this.runtime.events.emit(event as ExecutorEvent);
  }

  /**
   * Starts the call; its result goes to `ended`, once, whatever happens (a bug of the executor included).
   * Steps chained by methods, not an async function: each await and promise is a share of a call
   * (docs/adr/0021). A call whose slots are free and whose tool answers at once ends before this returns.
   */
  start(): void {
    try {
      const { runtime, request } = this;
      // Routed before the first event so that every event of the call names the version that serves it.
      // Map lookup: only registered names, so `constructor` or `__proto__` are simply unknown.
      const tool = runtime.registry.route(this.name, request.routingKey ?? request.toolCallId);
      this.version = tool?.version;
      // Stryker disable next-line ConditionalExpression: emit() checks for listeners itself; this test only skips building the payload.
      if (this.observed) this.emit({ type: 'tool-call-queued', arguments: request.call?.arguments, index: request.index });

      if (!tool) {
        const available = runtime.registry.names().sort();
        this.end(this.fail(unknownToolError(this.name, available), { availableTools: available }));
        return;
      }
      const parsed = parseArguments(request.call.arguments, runtime.limits);
      if (!parsed.ok) {
        this.end(this.fail(invalidArgumentsError(this.name, parsed.issues), parsed.issues));
        return;
      }
      const health = runtime.health.get(this.name);
      if (health && !health.healthy) {
        // Stryker disable next-line LogicalOperator: the health monitor sets detail and message together, to the same text.
        this.end(this.fail(unavailableError(this.name, health.detail ?? health.message), undefined, tool));
        return;
      }
      if (request.signal?.aborted) {
        this.end(this.fail(abortedError(this.name, request.signal.reason, ' before it started'), undefined, tool));
        return;
      }
      this.tool = tool;
      this.input = parsed.value;
      const release = takeSlots(this);
      if (release) this.begin(release, false);
    } catch (error) {
      this.end(this.fail(internalError(error).error, undefined));
    }
  }

  slotsTaken(release: Release): void {
    this.begin(release, true);
  }

  slotsRefused(): void {
    // Stryker disable next-line OptionalChaining: only an aborted signal refuses a wait, so there is a signal.
    this.end(this.fail(abortedError(this.name, this.request.signal?.reason, ' while queued'), undefined, this.tool));
  }

  /** The call holds its slots: it starts, validates, runs its attempts (attemptsEnded ends it). */
  private begin(release: Release, waited: boolean): void {
    const { runtime } = this;
    this.release = release;
    try {
      runtime.metrics.callStarted();
      // A call that found its slots free never left the task it was queued in: it starts the instant it
      // was queued, and the clock is not read again (a call's reads are a tenth of its cost).
      this.startedAt = waited ? (runtime.freedAt ?? runtime.clock.now()) : this.queuedAt;
      // Stryker disable next-line ConditionalExpression: emit() checks for listeners itself; this test only skips building the payload.
      if (this.observed) this.emit({ type: 'tool-call-start', concurrency: runtime.metrics.concurrency });
      this.validateAndRun(this.tool as Tool, this.input);
    } catch (error) {
      // Not reachable by design (everything below returns values); kept so a bug can never lose a call.
      this.attemptsEnded(internalError(error));
    }
  }

  /** The attempts are over (AttemptOwner): the slots go back once the call's end is told. */
  attemptsEnded(outcome: CallOutcome): void {
    const release = this.release;
    // Stryker disable next-line ConditionalExpression: told once by design; this guards against a bug telling it twice.
    if (!release) return;
    this.release = undefined;
    this.runtime.metrics.callFinishedRunning();
    const tool = this.tool as Tool;
    const result = 'value' in outcome ? this.succeed(outcome.value, tool) : this.fail(outcome.error, outcome.details, tool);
    // After the end event: a queued call that takes this slot now starts as this call ended. Cleared after:
    // a call ending inside the hand-over (a synchronous tool) frees its slot later, at its own end.
    this.runtime.freedAt = result.endedAt;
    release();
    this.runtime.freedAt = undefined;
    this.end(result);
  }

  private end(result: ToolCallResult): void {
    this.ended(result, this.request.index);
  }

  /** Validation, then the attempts. */
  private validateAndRun(tool: Tool, args: unknown): void {
    const timeoutMs = this.timeoutFor(tool);
    this.timeoutMs = timeoutMs;
    // One lazy abort for the validation, handed on to the first attempt when the validation was
    // synchronous (it cannot have kept its signal busy): a call that nobody aborts and whose tool never
    // reads its signal then makes no AbortController at all (see LazyAbort).
    const abort = new LazyAbort();
    // A validator that ignores its signal (zod's, see defineTool) needs no race while it answers at
    // once: it is called here, and only a promise it returns races the deadline.
    if (tool.validationIgnoresSignal) {
      let validation: ValidationResult | Promise<ValidationResult>;
      try {
        validation = tool.validate(args, unusedSignal());
      } catch (error) {
        this.afterValidation({ kind: 'error', error }, abort);
        return;
      }
      // Stryker disable next-line ConditionalExpression,BlockStatement: a synchronous answer sent through the race instead (`false`, or the empty block) comes back at once with the same value; this only saves the deadline object. A promise here is tested (executor-validation.test.ts).
      if (!isThenable(validation)) {
        // Stryker disable next-line StringLiteral: afterValidation reads every kind but timeout, aborted and error as a value.
        this.afterValidation({ kind: 'value', value: validation }, abort);
        return;
      }
      const pending = validation;
      this.raceValidation(() => pending, timeoutMs, abort);
      return;
    }
    this.raceValidation((validationAbort) => tool.validate(args, validationAbort.signal), timeoutMs, abort);
  }

  private raceValidation(
    validate: (abort: LazyAbort) => ValidationResult | Promise<ValidationResult>,
    timeoutMs: number,
    abort: LazyAbort,
  ): void {
    const raced = raceDeadlineInto(
      validate,
      new ValidationDeadline(this.runtime.clock, timeoutMs, this.request.signal, abort, this.name),
      this,
    );
    // A validation that answered at once hands its abort on; one told later (decided) was asynchronous.
    if (raced) this.afterValidation(raced, abort);
  }

  /** An asynchronous validation's race was decided (RaceListener). */
  decided(validation: RaceOutcome<ValidationResult>): void {
    try {
      this.afterValidation(validation, undefined);
    } catch (error) {
      // Not reachable by design, as in begin().
      this.attemptsEnded(internalError(error));
    }
  }

  private afterValidation(validation: RaceOutcome<ValidationResult>, firstAbort: LazyAbort | undefined): void {
    const timeoutMs = this.timeoutMs;
    const tool = this.tool as Tool;
    if (validation.kind === 'timeout')
      return this.attemptsEnded({ error: timeoutError(this.name, timeoutMs, ' while validating its arguments') });
    if (validation.kind === 'aborted')
      return this.attemptsEnded({ error: abortedError(this.name, validation.reason, ' while validating its arguments') });
    if (validation.kind === 'error') {
      const error = thrownError(this.name, validation.error);
      return this.attemptsEnded({ error: { ...error, message: `Validation of the arguments failed: ${error.message}` } });
    }
    if (!validation.value.success) {
      const issues = validation.value.issues;
      return this.attemptsEnded({ error: invalidArgumentsError(this.name, issues), details: issues });
    }
    this.ignoredKeys = ignoredKeysOf(this.input, validation.value.data, tool.parameters);
    runAttempts(this, tool, validation.value.data, timeoutMs, firstAbort);
  }

  timeoutFor(tool: Tool): number {
    return tool.timeoutMs ?? this.request.timeoutMs ?? this.runtime.timeoutMs;
  }

  attemptStarted(attempt: number): void {
    this.attempts = attempt;
  }

  attemptEnded(detail: AttemptDetail): void {
    this.attemptsDetail.push(detail);
    this.lastAttemptEndedAt = detail.endedAt;
  }

  waitingToRetry(): void {
    // The call now waits: if that wait is cut short, the call ends then, not when the attempt did.
    this.lastAttemptEndedAt = undefined;
  }

  reportLateSettle(attempt: number, settle: LateSettle): void {
    this.emit({
      type: 'attempt-late-settle',
      attempt,
      outcome: settle.outcome,
      ...(settle.outcome === 'error' ? { errorMessage: messageOf(settle.error) } : {}),
    });
  }

  fail(error: ToolError, details: unknown, tool?: Tool): ToolCallResult {
    const endedAt = this.endedAt();
    const startedAt = this.startedAt ?? endedAt;
    // Optional fields are set only when present, in the order the result always had (no spread: it
    // copies through a slow path, and an empty object per missing field is an allocation).
    const result: Writable<ToolCallFailure> = { toolCallId: this.request.toolCallId, name: this.name, status: 'error', error };
    if (details !== undefined) result.details = details;
    result.attempts = this.attempts;
    result.queuedAt = this.queuedAt;
    result.startedAt = startedAt;
    result.endedAt = endedAt;
    result.durationMs = endedAt - startedAt;
    return this.finish(result, tool);
  }

  private succeed(value: unknown, tool: Tool): ToolCallResult {
    const endedAt = this.endedAt();
    const startedAt = this.startedAt ?? endedAt;
    const result: Writable<ToolCallSuccess> = {
      toolCallId: this.request.toolCallId,
      name: this.name,
      status: 'success',
      result: value,
      attempts: this.attempts,
      queuedAt: this.queuedAt,
      startedAt,
      endedAt,
      durationMs: endedAt - startedAt,
    };
    return this.finish(result, tool);
  }

  /** Straight after its last attempt (nothing waits in between), the call ends when that attempt did. */
  private endedAt(): number {
    return this.lastAttemptEndedAt ?? this.runtime.clock.now();
  }

  /** The fields every result ends with, then the metrics and the end event. */
  private finish(result: Writable<ToolCallResult>, tool: Tool | undefined): ToolCallResult {
    const { runtime, request } = this;
    if (tool?.version !== undefined) result.version = tool.version;
    result.logs = this.callLogs ? this.callLogs.snapshot() : [];
    result.attemptsDetail = this.attemptsDetail;
    if (request.batchId !== undefined) result.batchId = request.batchId;
    if (this.ignoredKeys !== undefined) result.ignoredKeys = this.ignoredKeys;
    runtime.metrics.record(result as ToolCallResult);
    // Stryker disable next-line ConditionalExpression: emit() checks for listeners itself; this test only skips building the payload.
    if (this.observed) this.emit({ type: 'tool-call-end', result: result as ToolCallResult });
    return result as ToolCallResult;
  }
}

/** A result while it is put together: the fields after the first ones are filled in one by one. */
type Writable<Result extends ToolCallResult> = Pick<Result, 'toolCallId' | 'name' | 'status'> &
  Partial<Omit<Result, 'toolCallId' | 'name' | 'status'>>;

/** The deadline of a validation, as an object with methods: no closure per call. */
class ValidationDeadline implements DeadlineOptions {
  constructor(
    readonly clock: Clock,
    readonly timeoutMs: number,
    readonly signal: AbortSignal | undefined,
    readonly abort: LazyAbort,
    private readonly toolName: string,
  ) {}

  timeoutReason(): unknown {
    return new DOMException(`Validation of the arguments of "${this.toolName}" timed out`, 'TimeoutError');
  }
}

let sharedUnusedSignal: AbortSignal | undefined;

/** For validators that ignore their signal: one signal for all, made on first use, never aborted. */
function unusedSignal(): AbortSignal {
  sharedUnusedSignal ??= new AbortController().signal;
  return sharedUnusedSignal;
}

/** The call's tool name, whatever a malformed call holds (null, a number, a throwing getter). */
function nameOf(call: unknown): string {
  try {
    // Stryker disable next-line OptionalChaining: reading .name of null throws, and the catch below answers '' just the same.
    const name = (call as { name?: unknown } | null | undefined)?.name;
    // Stryker disable next-line ConditionalExpression,StringLiteral: String() of a string is that string; the test only skips a conversion (a number name, tested, shows the other branch).
    return typeof name === 'string' ? name : String(name ?? '');
  } catch {
    return '';
  }
}
