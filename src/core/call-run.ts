import { parseArguments } from './arguments.ts';
import type { CallRequest, CallRuntime } from './call-runtime.ts';
import { CallLogs } from './call-logs.ts';
import { CallReports } from './call-reports.ts';
import { messageOf } from './errors.ts';
import { raceDeadline, type LateSettle } from './deadline.ts';
import {
  abortedError,
  invalidArgumentsError,
  modelFacingError,
  thrownError,
  timeoutError,
  unavailableError,
  unknownToolError,
} from './results.ts';
import type { Release } from './semaphore.ts';
import { runAttempts } from './attempts.ts';
import type { AttemptDetail, ExecutorEvent, Tool, ToolCallResult, ToolError } from './types.ts';

type EventPayload = ExecutorEvent extends infer Event
  ? Event extends ExecutorEvent
    ? Omit<Event, 'time' | 'toolCallId' | 'name' | 'batchId'>
    : never
  : never;

/**
 * The life of one call: queued -> (slot) -> started -> validated -> attempts -> ended.
 * Failures found before a slot is needed (unknown tool, malformed arguments, unhealthy tool, already
 * aborted) end the call straight from the queue: it emits `tool-call-queued` then `tool-call-end`,
 * without `tool-call-start`, because it never ran.
 */
export class CallRun {
  readonly name: string;
  readonly logs: CallLogs;
  readonly reports: CallReports;
  readonly attemptsDetail: AttemptDetail[] = [];
  readonly queuedAt: number;
  startedAt: number | undefined;
  attempts = 0;
  /** The version that serves the call, once routed. Every event of the call carries it. */
  private version: string | undefined;

  constructor(
    readonly runtime: CallRuntime,
    readonly request: CallRequest,
  ) {
    this.name = nameOf(request.call);
    this.queuedAt = runtime.clock.now();
    this.logs = new CallLogs(
      () => runtime.clock.now(),
      (entry) => this.emit({ type: 'tool-call-log', entry }),
    );
    this.reports = new CallReports(
      () => runtime.clock.now(),
      (entry) => this.emit({ type: 'tool-call-progress', entry }),
      (entry) => this.emit({ type: 'tool-call-traffic', entry }),
    );
  }

  emit(payload: EventPayload): void {
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

  async run(): Promise<ToolCallResult> {
    const { runtime, request } = this;
    // Routed before the first event so that every event of the call names the version that serves it.
    // Map lookup: only registered names, so `constructor` or `__proto__` are simply unknown.
    const tool = runtime.registry.route(this.name, request.routingKey ?? request.toolCallId);
    this.version = tool?.version;
    this.emit({ type: 'tool-call-queued', arguments: request.call?.arguments, index: request.index });

    if (!tool) {
      const available = runtime.registry.names().sort();
      return this.fail(unknownToolError(this.name, available), { availableTools: available });
    }
    const parsed = parseArguments(request.call.arguments, runtime.limits);
    if (!parsed.ok) return this.fail(invalidArgumentsError(this.name, parsed.issues), parsed.issues);
    const health = runtime.health.get(this.name);
    if (health && !health.healthy) return this.fail(unavailableError(this.name, health.detail ?? health.message), undefined, tool);
    if (request.signal?.aborted) return this.fail(abortedError(this.name, request.signal.reason, ' before it started'), undefined, tool);

    const release = await this.acquireSlots();
    if (!release) return this.fail(abortedError(this.name, request.signal?.reason, ' while queued'), undefined, tool);
    runtime.metrics.callStarted();
    this.startedAt = runtime.clock.now();
    this.emit({ type: 'tool-call-start', concurrency: runtime.metrics.concurrency });
    let outcome: { value: unknown } | { error: ToolError; details?: unknown };
    try {
      outcome = await this.validateAndRun(tool, parsed.value);
    } catch (error) {
      // Not reachable by design (everything below returns values); kept so a bug can never reject a batch.
      outcome = { error: { kind: 'execution_error', message: `Internal executor error: ${messageOf(error)}`, retryable: false } };
    } finally {
      release();
      runtime.metrics.callFinishedRunning();
    }
    return 'value' in outcome ? this.finish('success', outcome.value, undefined, tool) : this.fail(outcome.error, outcome.details, tool);
  }

  private async validateAndRun(tool: Tool, args: unknown): Promise<{ value: unknown } | { error: ToolError; details?: unknown }> {
    const timeoutMs = this.timeoutFor(tool);
    // Creating an AbortController costs about as much as the rest of a call on Node. A synchronous
    // validation (any zod schema) cannot have kept its signal busy, so that controller is handed on to
    // the first attempt instead of making a second one.
    const controller = new AbortController();
    let validationWasSynchronous = true;
    const validation = await raceDeadline(
      (signal) => {
        const outcome = tool.validate(args, signal);
        validationWasSynchronous = !(outcome instanceof Promise);
        return outcome;
      },
      {
        clock: this.runtime.clock,
        timeoutMs,
        signal: this.request.signal,
        controller,
        timeoutReason: () => new DOMException(`Validation of the arguments of "${this.name}" timed out`, 'TimeoutError'),
      },
    );
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
    return runAttempts(this, tool, validation.value.data, timeoutMs, validationWasSynchronous ? controller : undefined);
  }

  timeoutFor(tool: Tool): number {
    return tool.timeoutMs ?? this.request.timeoutMs ?? this.runtime.timeoutMs;
  }

  reportLateSettle(attempt: number, settle: LateSettle): void {
    this.emit({
      type: 'attempt-late-settle',
      attempt,
      outcome: settle.outcome,
      ...(settle.outcome === 'error' ? { errorMessage: messageOf(settle.error) } : {}),
    });
  }

  /** Takes the batch's slot, then the executor's, in queue order; undefined if the signal aborted first. */
  private async acquireSlots(): Promise<Release | undefined> {
    const { batchSlots, signal } = this.request;
    const { slots, metrics } = this.runtime;
    // Fast path: free slots and nobody waiting (tryAcquire refuses to overtake a waiter, keeping FIFO).
    let releaseBatch = batchSlots ? batchSlots.tryAcquire() : noop;
    if (releaseBatch) {
      const releaseExecutor = slots ? slots.tryAcquire() : noop;
      if (releaseExecutor) return combine(releaseBatch, releaseExecutor);
    }
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
      return combine(releaseBatch, releaseExecutor);
    } catch {
      releaseBatch?.();
      return undefined;
    } finally {
      metrics.queued--;
    }
  }

  fail(error: ToolError, details: unknown, tool?: Tool): ToolCallResult {
    return this.finish('error', modelFacingError(error, details), error, tool);
  }

  private finish(status: 'success' | 'error', value: unknown, error: ToolError | undefined, tool: Tool | undefined): ToolCallResult {
    const { runtime, request } = this;
    const endedAt = runtime.clock.now();
    const startedAt = this.startedAt ?? endedAt;
    const result: ToolCallResult = {
      toolCallId: request.toolCallId,
      name: this.name,
      status,
      result: value,
      ...(error ? { error } : {}),
      attempts: this.attempts,
      queuedAt: this.queuedAt,
      startedAt,
      endedAt,
      durationMs: endedAt - startedAt,
      ...(tool?.version === undefined ? {} : { version: tool.version }),
      logs: this.logs.snapshot(),
      attemptsDetail: this.attemptsDetail,
      ...(request.batchId === undefined ? {} : { batchId: request.batchId }),
    };
    runtime.metrics.record(result);
    this.emit({ type: 'tool-call-end', result });
    return result;
  }
}

const noop: Release = () => {};

/** The call's tool name, whatever a malformed call holds (null, a number, a throwing getter). */
function nameOf(call: unknown): string {
  try {
    const name = (call as { name?: unknown } | null | undefined)?.name;
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
