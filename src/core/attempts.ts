import type { CallRun } from './call-run.ts';
import { raceDeadline, type RaceOutcome } from './deadline.ts';
import { retryAfterFrom } from './retry-after.ts';
import { backoffDelay, classifyFailure, resolveRetryPolicy } from './retry-policy.ts';
import { abortedError, thrownError, timeoutError } from './results.ts';
import type { AttemptDetail, Tool, ToolContext, ToolError } from './types.ts';

export type CallOutcome = { value: unknown } | { error: ToolError; details?: unknown };

/**
 * Runs the attempts of one call. Only tools declared idempotent are retried, and only after a transient
 * failure: retrying a call with side effects could, say, charge a card twice.
 */
export async function runAttempts(
  run: CallRun,
  tool: Tool,
  input: unknown,
  timeoutMs: number,
  firstController?: AbortController,
): Promise<CallOutcome> {
  const { runtime, request } = run;
  const { clock } = runtime;
  const policy = resolveRetryPolicy(runtime.retry, tool.retry);
  // Stable across attempts, so a service that deduplicates writes sees one operation.
  const idempotencyKey = `${run.name}:${request.toolCallId}`;

  for (let attempt = 1; ; attempt++) {
    run.attempts = attempt;
    const startedAt = clock.now();
    const deadline = startedAt + timeoutMs;
    run.emit({ type: 'attempt-start', attempt, deadline, timeoutMs });
    const outcome = await raceDeadline((signal) => tool.execute(input, contextFor(run, attempt, signal, idempotencyKey)), {
      clock,
      timeoutMs,
      signal: request.signal,
      timeoutReason: () => new DOMException(`Tool "${run.name}" timed out after ${timeoutMs} ms`, 'TimeoutError'),
      onLateSettle: (settle) => run.reportLateSettle(attempt, settle),
      controller: attempt === 1 ? firstController : undefined,
    });
    const error = errorOf(run.name, outcome, timeoutMs);
    const detail: AttemptDetail = {
      attempt,
      startedAt,
      deadline,
      endedAt: clock.now(),
      outcome: error ? error.kind : 'success',
      ...(error ? { error } : {}),
    };
    run.attemptsDetail.push(detail);
    run.emit({ type: 'attempt-end', attempt, outcome: detail.outcome, startedAt, ...(error ? { error } : {}) });
    if (!error) return { value: (outcome as { value: unknown }).value };

    const details = error.kind === 'invalid_arguments' ? error.issues : undefined;
    const thrown = outcome.kind === 'error' ? outcome.error : undefined;
    const classification = classifyFailure(error.kind, thrown);
    if (!tool.idempotent || !classification.transient || attempt >= policy.maxAttempts || request.signal?.aborted) {
      return { error, details };
    }

    const retryAfterMs = retryAfterFrom(thrown, clock.now());
    const delayMs = retryAfterMs ?? backoffDelay(attempt, policy, runtime.random);
    const reason = retryAfterMs === undefined ? classification.reason : `${classification.reason}, retry-after`;
    detail.retryDelayMs = delayMs;
    detail.retryReason = reason;
    if (retryAfterMs !== undefined) detail.retryAfterMs = retryAfterMs;
    runtime.metrics.retry(run.name);
    run.emit({ type: 'retry-scheduled', attempt, delayMs, reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
    try {
      await clock.sleep(delayMs, request.signal);
    } catch (reasonOfAbort) {
      return { error: abortedError(run.name, reasonOfAbort, ' while waiting to retry') };
    }
  }
}

function errorOf(name: string, outcome: RaceOutcome<unknown>, timeoutMs: number): ToolError | undefined {
  switch (outcome.kind) {
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

function contextFor(run: CallRun, attempt: number, signal: AbortSignal, idempotencyKey: string): ToolContext {
  const { runtime, request } = run;
  return {
    toolCallId: request.toolCallId,
    attempt,
    signal,
    userId: runtime.userId,
    env: runtime.env,
    idempotencyKey,
    sleep: (ms) => runtime.clock.sleep(ms, signal),
    log: (...values) => run.logs.write(attempt, values),
    progress: (update) => run.reports.progress(attempt, update),
    traffic: (direction, message) => run.reports.traffic(attempt, direction, message),
  };
}
