import { parseArguments } from './arguments.ts';
import type { CallRequest, CallRuntime } from './call-runtime.ts';
import { CallLogs } from './call-logs.ts';
import { CallReports } from './call-reports.ts';
import { messageOf } from './errors.ts';
import { LazyAbort, raceDeadline, type DeadlineOptions, type LateSettle, type RaceOutcome } from './deadline.ts';
import { findIgnoredKeys } from './ignored-keys.ts';
import { abortedError, invalidArgumentsError, thrownError, timeoutError, unavailableError, unknownToolError } from './results.ts';
import type { Release } from './semaphore.ts';
import { runAttempts, type AttemptOwner, type CallOutcome } from './attempts.ts';
import type { ExecutorEvent, ExecutorEventPayload } from './event-types.ts';
import type { Clock } from './clock.ts';
import type { Tool, ValidationResult } from './tool.ts';
import type { ToolError } from './tool-error.ts';
import type { AttemptDetail, ToolCallFailure, ToolCallResult } from './tool-result.ts';

/**
 * The life of one call: queued -> (slot) -> started -> validated -> attempts -> ended.
 * Failures found before a slot is needed (unknown tool, malformed arguments, unhealthy tool, already
 * aborted) end the call straight from the queue: it emits `tool-call-queued` then `tool-call-end`,
 * without `tool-call-start`, because it never ran.
 */
export class CallRun implements AttemptOwner {
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

  constructor(
    readonly runtime: CallRuntime,
    readonly request: CallRequest,
  ) {
    this.name = nameOf(request.call);
    this.queuedAt = runtime.clock.now();
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
   * Never rejects: every failure, a bug of the executor included, ends as a result. One async function
   * for the whole call (not a wrapper awaiting the steps): each await and promise is a share of a call.
   */
  async run(): Promise<ToolCallResult> {
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
        return this.fail(unknownToolError(this.name, available), { availableTools: available });
      }
      const parsed = parseArguments(request.call.arguments, runtime.limits);
      if (!parsed.ok) return this.fail(invalidArgumentsError(this.name, parsed.issues), parsed.issues);
      const health = runtime.health.get(this.name);
      // Stryker disable next-line LogicalOperator: the health monitor sets detail and message together, to the same text.
      if (health && !health.healthy) return this.fail(unavailableError(this.name, health.detail ?? health.message), undefined, tool);
      if (request.signal?.aborted) return this.fail(abortedError(this.name, request.signal.reason, ' before it started'), undefined, tool);

      const acquired = this.acquireSlots();
      const waited = typeof acquired !== 'function';
      const release = waited ? await acquired : acquired;
      // Stryker disable next-line OptionalChaining: no release comes back only when the signal aborted, so there is a signal.
      if (!release) return this.fail(abortedError(this.name, request.signal?.reason, ' while queued'), undefined, tool);
      runtime.metrics.callStarted();
      // A call that found its slots free never left the task it was queued in: it starts the instant it
      // was queued, and the clock is not read again (a call's reads are a tenth of its cost).
      this.startedAt = waited ? runtime.clock.now() : this.queuedAt;
      // Stryker disable next-line ConditionalExpression: emit() checks for listeners itself; this test only skips building the payload.
      if (this.observed) this.emit({ type: 'tool-call-start', concurrency: runtime.metrics.concurrency });
      let outcome: CallOutcome;
      try {
        outcome = await this.validateAndRun(tool, parsed.value);
      } catch (error) {
        // Not reachable by design (everything below returns values); kept so a bug can never reject a batch.
        outcome = { error: { kind: 'execution_error', message: `Internal executor error: ${messageOf(error)}`, retryable: false } };
      } finally {
        release();
        runtime.metrics.callFinishedRunning();
      }
      return 'value' in outcome
        ? this.finish({ status: 'success', result: outcome.value }, tool)
        : this.fail(outcome.error, outcome.details, tool);
    } catch (error) {
      return this.fail({ kind: 'execution_error', message: `Internal executor error: ${messageOf(error)}`, retryable: false }, undefined);
    }
  }

  /** Validation, then the attempts. Returns the attempts' promise directly when the validation answered at once. */
  private validateAndRun(tool: Tool, args: unknown): CallOutcome | Promise<CallOutcome> {
    const timeoutMs = this.timeoutFor(tool);
    // One lazy abort for the validation, handed on to the first attempt when the validation was
    // synchronous (it cannot have kept its signal busy): a call that nobody aborts and whose tool never
    // reads its signal then makes no AbortController at all (see LazyAbort).
    const abort = new LazyAbort();
    // Stryker disable next-line BooleanLiteral: always set by the validator's call below before it is read (a throwing validator ends the call before the abort is used).
    let validationWasSynchronous = true;
    const raced = raceDeadline(
      (validationAbort) => {
        const outcome = tool.validate(args, tool.validationIgnoresSignal ? unusedSignal() : validationAbort.signal);
        // Stryker disable next-line BooleanLiteral: passing the validation's abort on only saves making another; a fresh one behaves the same.
        validationWasSynchronous = !(outcome instanceof Promise);
        return outcome;
      },
      new ValidationDeadline(this.runtime.clock, timeoutMs, this.request.signal, abort, this.name),
    );
    // Awaited only when there is something to wait for (a zod validation answers at once).
    if (raced instanceof Promise) return raced.then((validation) => this.afterValidation(tool, args, validation, timeoutMs, undefined));
    return this.afterValidation(tool, args, raced, timeoutMs, validationWasSynchronous ? abort : undefined);
  }

  private afterValidation(
    tool: Tool,
    args: unknown,
    validation: RaceOutcome<ValidationResult>,
    timeoutMs: number,
    firstAbort: LazyAbort | undefined,
  ): CallOutcome | Promise<CallOutcome> {
    if (validation.kind === 'timeout') return { error: timeoutError(this.name, timeoutMs, ' while validating its arguments') };
    if (validation.kind === 'aborted') return { error: abortedError(this.name, validation.reason, ' while validating its arguments') };
    if (validation.kind === 'error') {
      const error = thrownError(this.name, validation.error);
      return { error: { ...error, message: `Validation of the arguments failed: ${error.message}` } };
    }
    if (!validation.value.success) {
      const issues = validation.value.issues;
      return { error: invalidArgumentsError(this.name, issues), details: issues };
    }
    const ignoredKeys = findIgnoredKeys(args, validation.value.data, tool.parameters);
    if (ignoredKeys.length > 0) this.ignoredKeys = ignoredKeys;
    return runAttempts(this, tool, validation.value.data, timeoutMs, firstAbort);
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

  /**
   * Takes the batch's slot, then the executor's, in queue order. A release at once when both are free
   * and nobody waits (tryAcquire refuses to overtake a waiter, keeping FIFO), so the common case costs
   * no promise; otherwise a promise of it, undefined if the signal aborted first.
   */
  private acquireSlots(): Release | Promise<Release | undefined> {
    const { batchSlots } = this.request;
    const { slots } = this.runtime;
    const releaseBatch = batchSlots ? batchSlots.tryAcquire() : noop;
    if (releaseBatch) {
      const releaseExecutor = slots ? slots.tryAcquire() : noop;
      if (releaseExecutor)
        // Stryker disable next-line ConditionalExpression: combining with noop releases the same slots; the choice only saves a closure.
        return releaseBatch === noop ? releaseExecutor : releaseExecutor === noop ? releaseBatch : combine(releaseBatch, releaseExecutor);
    }
    return this.waitForSlots(releaseBatch);
  }

  private async waitForSlots(batchSlotTaken: Release | undefined): Promise<Release | undefined> {
    const { batchSlots, signal } = this.request;
    const { slots, metrics } = this.runtime;
    let releaseBatch = batchSlotTaken;
    metrics.queued++;
    try {
      releaseBatch ??= batchSlots ? await batchSlots.acquire(signal) : noop;
      const releaseExecutor = slots ? await slots.acquire(signal) : noop;
      // Granted and aborted in the same tick: give the slot back rather than start a cancelled call.
      if (signal?.aborted) {
        releaseExecutor();
        releaseBatch();
        return undefined;
      }
      // Stryker disable next-line ConditionalExpression: combining with noop releases the same slots; the choice only saves a closure.
      return releaseBatch === noop ? releaseExecutor : releaseExecutor === noop ? releaseBatch : combine(releaseBatch, releaseExecutor);
    } /* Stryker disable next-line BlockStatement: only the batch's signal rejects a wait, and every waiter on the batch's slots shares it, so nobody is left to take this slot. */ catch {
      releaseBatch?.();
      return undefined;
    } finally {
      metrics.queued--;
    }
  }

  fail(error: ToolError, details: unknown, tool?: Tool): ToolCallResult {
    return this.finish({ status: 'error', error, ...(details === undefined ? {} : { details }) }, tool);
  }

  private finish(
    outcome: { status: 'success'; result: unknown } | Pick<ToolCallFailure, 'status' | 'error' | 'details'>,
    tool: Tool | undefined,
  ): ToolCallResult {
    const { runtime, request } = this;
    // Straight after its last attempt (nothing waits in between), the call ends when that attempt did.
    const endedAt = this.lastAttemptEndedAt ?? runtime.clock.now();
    const startedAt = this.startedAt ?? endedAt;
    const result: ToolCallResult = {
      toolCallId: request.toolCallId,
      name: this.name,
      ...outcome,
      attempts: this.attempts,
      queuedAt: this.queuedAt,
      startedAt,
      endedAt,
      durationMs: endedAt - startedAt,
      ...(tool?.version === undefined ? {} : { version: tool.version }),
      logs: this.callLogs ? this.callLogs.snapshot() : [],
      attemptsDetail: this.attemptsDetail,
      ...(request.batchId === undefined ? {} : { batchId: request.batchId }),
      ...(this.ignoredKeys === undefined ? {} : { ignoredKeys: this.ignoredKeys }),
    };
    runtime.metrics.record(result);
    // Stryker disable next-line ConditionalExpression: emit() checks for listeners itself; this test only skips building the payload.
    if (this.observed) this.emit({ type: 'tool-call-end', result });
    return result;
  }
}

const noop: Release = () => {};

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

function combine(first: Release, second: Release): Release {
  return () => {
    second();
    first();
  };
}
