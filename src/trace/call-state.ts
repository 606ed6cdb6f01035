// One call's facts as the events reveal them, updated in place by the timeline builder. Events from a
// truncated or hand-edited file may arrive without their predecessors, so every step tolerates gaps.
import type { AgentRunEvent } from '../agent/index.ts';
import type { ExecutorEvent, LogEntry, ProgressEntry, ToolCallResult, TrafficEntry } from '../core/index.ts';
import { statusAfter, type CallStatus } from './call-status.ts';
import type { AttemptRecord, CallRow, WaitRecord } from './timeline-types.ts';

export interface CallState {
  key: string;
  toolCallId: string;
  name: string;
  iteration: number;
  batchId?: string;
  /** The version of the tool that served the call (while a canary shares traffic). */
  version?: string;
  index: number;
  arguments: unknown;
  queuedAt: number;
  startedAt?: number;
  endedAt?: number;
  attempts: AttemptRecord[];
  logs: LogEntry[];
  progress: ProgressEntry[];
  traffic: TrafficEntry[];
  waits: WaitRecord[];
  result?: ToolCallResult;
  /** Stepped by every event (call-status.ts), as the conversation's chip is. */
  status: CallStatus;
  lane?: number;
  /** Changed since its row was last built. */
  dirty: boolean;
  /** The row built last (the builder hands it out again while the call is over and unchanged). */
  row?: CallRow;
  /**
   * A row shares this call's arrays (attempts and waits and their records, logs, progress, traffic): the next
   * change copies them first (copy-on-write), so a row once built never changes under a reader.
   */
  shared: boolean;
}

export function isExecutorEvent(event: AgentRunEvent): event is ExecutorEvent {
  return 'toolCallId' in event;
}

// Optional fields are set by assignment, not spread in: a loaded run makes 100,000 of these at once, and
// each spread of `{}` or `{ batchId }` is one more object for the garbage collector.
export function newCallState(key: string, event: ExecutorEvent, iteration: number): CallState {
  const call: CallState = {
    key,
    toolCallId: event.toolCallId,
    name: event.name,
    iteration,
    index: event.type === 'tool-call-queued' ? event.index : 0,
    arguments: event.type === 'tool-call-queued' ? event.arguments : undefined,
    queuedAt: event.time,
    attempts: [],
    logs: [],
    progress: [],
    traffic: [],
    waits: [],
    status: 'queued',
    dirty: true,
    shared: false,
  };
  if (event.batchId !== undefined) call.batchId = event.batchId;
  if (event.version !== undefined) call.version = event.version;
  return call;
}

/** The row built last keeps what it was given; this call writes into copies from now on. */
function unshare(call: CallState): void {
  if (!call.shared) return;
  call.shared = false;
  call.attempts = call.attempts.map((attempt) => ({ ...attempt }));
  call.logs = call.logs.slice();
  call.progress = call.progress.slice();
  call.traffic = call.traffic.slice();
  call.waits = call.waits.map((wait) => ({ ...wait }));
}

function attemptOf(call: CallState, attempt: number, time: number): AttemptRecord {
  // Newest first, without a closure: nearly every event is about the call's latest attempt.
  let record: AttemptRecord | undefined;
  for (let position = call.attempts.length - 1; position >= 0 && !record; position--)
    if ((call.attempts[position] as AttemptRecord).attempt === attempt) record = call.attempts[position];
  if (!record) {
    record = { attempt, start: time, deadline: Infinity, timeoutMs: Infinity };
    const previous = call.attempts.at(-1);
    call.attempts.push(record);
    // Attempts nearly always arrive in order; a gap-filled file may not.
    if (previous && previous.attempt > attempt) call.attempts.sort((left, right) => left.attempt - right.attempt);
  }
  return record;
}

/** Applies one of the call's events. Lanes are the builder's business (they span calls). */
export function applyCallEvent(call: CallState, event: ExecutorEvent): void {
  unshare(call);
  call.dirty = true;
  call.status = statusAfter(call.status, event);
  switch (event.type) {
    case 'tool-call-queued':
      return;
    case 'tool-call-start':
      call.startedAt = event.time;
      return;
    case 'attempt-start': {
      const record = attemptOf(call, event.attempt, event.time);
      record.start = event.time;
      record.deadline = event.deadline;
      record.timeoutMs = event.timeoutMs;
      if (event.timeoutStrategy !== undefined) record.timeoutStrategy = event.timeoutStrategy;
      if (event.killAfterMs !== undefined) record.killAfterMs = event.killAfterMs;
      return;
    }
    case 'attempt-end': {
      const record = attemptOf(call, event.attempt, event.startedAt);
      record.end = event.time;
      record.outcome = event.outcome;
      if (event.error) record.error = event.error;
      if (event.workRunning) record.workRunning = true;
      return;
    }
    case 'attempt-killed': {
      const record = attemptOf(call, event.attempt, event.time);
      Object.assign(record, { killedAt: event.time, killReason: event.reason });
      return;
    }
    case 'retry-scheduled': {
      const record = attemptOf(call, event.attempt, event.time);
      record.retryDelayMs = event.delayMs;
      record.retryReason = event.reason;
      if (event.retryAfterMs !== undefined) record.retryAfterMs = event.retryAfterMs;
      return;
    }
    case 'attempt-late-settle': {
      const record = attemptOf(call, event.attempt, event.time);
      Object.assign(record, {
        lateSettleAt: event.time,
        lateOutcome: event.outcome,
        ...(event.errorMessage === undefined ? {} : { lateErrorMessage: event.errorMessage }),
      });
      return;
    }
    case 'attempt-wait-start': {
      call.waits.push({
        attempt: event.attempt,
        wait: event.wait,
        on: event.on,
        start: event.time,
        ...(event.message === undefined ? {} : { message: event.message }),
        ...(event.model === undefined ? {} : { model: event.model }),
      });
      followDeadline(attemptOf(call, event.attempt, event.time), event.time, event.deadline, event.waitingOn);
      return;
    }
    case 'attempt-wait-end': {
      const wait = call.waits.find(
        (candidate) => candidate.attempt === event.attempt && candidate.wait === event.wait && candidate.end === undefined,
      );
      if (wait)
        Object.assign(wait, {
          end: event.time,
          ...(event.message === undefined ? {} : { message: event.message }),
          ...(event.model === undefined ? {} : { model: event.model }),
          ...(event.usage === undefined ? {} : { usage: event.usage }),
        });
      followDeadline(attemptOf(call, event.attempt, event.time), event.time, event.deadline, event.waitingOn);
      return;
    }
    case 'tool-call-log':
      call.logs.push(event.entry);
      return;
    case 'tool-call-progress':
      call.progress.push(event.entry);
      return;
    case 'tool-call-traffic':
      call.traffic.push(event.entry);
      return;
    case 'tool-call-end':
      finishCall(call, event.time, event.result);
      return;
  }
}

/** The attempt's deadline as a wait left it: moved on, and standing still while it waits on the person. */
function followDeadline(record: AttemptRecord, time: number, deadline: number, waitingOn: readonly string[]): void {
  record.deadline = deadline;
  if (!waitingOn.includes('user')) delete record.deadlinePausedAt;
  else record.deadlinePausedAt ??= time;
}

function finishCall(call: CallState, time: number, result: ToolCallResult): void {
  call.endedAt = time;
  call.result = result;
  if (call.startedAt === undefined && result.startedAt < result.endedAt) call.startedAt = result.startedAt;
  // The result carries the full story; fill in what missing events did not tell.
  if (call.attempts.length === 0) {
    for (const detail of result.attemptsDetail) {
      call.attempts.push({
        attempt: detail.attempt,
        start: detail.startedAt,
        deadline: detail.deadline,
        timeoutMs: detail.deadline - detail.startedAt,
        end: detail.endedAt,
        outcome: detail.outcome,
        ...(detail.error ? { error: detail.error } : {}),
        ...(detail.retryDelayMs === undefined ? {} : { retryDelayMs: detail.retryDelayMs, retryReason: detail.retryReason }),
        ...(detail.retryAfterMs === undefined ? {} : { retryAfterMs: detail.retryAfterMs }),
      });
    }
  }
  if (result.logs.length > call.logs.length) call.logs = [...result.logs];
}
