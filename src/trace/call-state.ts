// One call's facts as the events reveal them, written in place into its row by the timeline builder. Events
// from a truncated or hand-edited file may arrive without their predecessors, so every step tolerates gaps.
import type { AgentRunEvent } from '../agent/index.ts';
import type { ExecutorEvent, ToolCallResult } from '../core/index.ts';
import { statusAfter } from './call-status.ts';
import type { AttemptRecord, CallRow } from './timeline-types.ts';

/**
 * The lists most calls never fill (logs, progress, traffic, waits, and the deadlines of a call without a
 * limit) start as this one frozen empty list: a loaded run of 100,000 calls would otherwise make 400,000
 * empty arrays. A write replaces it with a list of the call's own (a push into it would throw).
 */
export const noEntries: never[] = Object.freeze([]) as unknown as never[];

export function isExecutorEvent(event: AgentRunEvent): event is ExecutorEvent {
  return 'toolCallId' in event;
}

/**
 * A call's row, which the builder writes in place as its events arrive (ADR 0027): a finished run makes
 * one object per call, the row itself, with no state object beside it. Its segments and deadlines are
 * filled in by the builder's snapshot. Optional fields are set by assignment, not spread in: each spread
 * of `{}` or `{ batchId }` is one more object for the garbage collector.
 */
export function newCallRow(key: string, event: ExecutorEvent, iteration: number): CallRow {
  const call: CallRow = {
    kind: 'call',
    key,
    toolCallId: event.toolCallId,
    name: event.name,
    iteration,
    index: event.type === 'tool-call-queued' ? event.index : 0,
    arguments: event.type === 'tool-call-queued' ? event.arguments : undefined,
    queuedAt: event.time,
    status: 'queued',
    attempts: [],
    logs: noEntries,
    progress: noEntries,
    traffic: noEntries,
    waits: noEntries,
    segments: noEntries,
    deadlines: noEntries,
  };
  if (event.batchId !== undefined) call.batchId = event.batchId;
  if (event.version !== undefined) call.version = event.version;
  return call;
}

/**
 * A copy of a row someone was handed, for the builder to write into from now on (copy-on-write): the
 * handed-out row, its lists and their records never change under a reader.
 */
export function writableCopy(row: CallRow): CallRow {
  return {
    ...row,
    attempts: row.attempts.map((attempt) => ({ ...attempt })),
    logs: ownList(row.logs),
    progress: ownList(row.progress),
    traffic: ownList(row.traffic),
    waits: row.waits === noEntries ? noEntries : row.waits.map((wait) => ({ ...wait })),
  };
}

function ownList<Entry>(list: Entry[]): Entry[] {
  return list === noEntries ? noEntries : list.slice();
}

/** The list to push into: the call's own, made when it still has the shared empty one. */
function writable<Entry>(list: Entry[]): Entry[] {
  return list === noEntries ? [] : list;
}

function attemptOf(call: CallRow, attempt: number, time: number): AttemptRecord {
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

/** Applies one of the call's events to a row no reader holds yet. Lanes are the builder's business (they span calls). */
export function applyCallEvent(call: CallRow, event: ExecutorEvent): void {
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
      call.waits = writable(call.waits);
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
      (call.logs = writable(call.logs)).push(event.entry);
      return;
    case 'tool-call-progress':
      (call.progress = writable(call.progress)).push(event.entry);
      return;
    case 'tool-call-traffic':
      (call.traffic = writable(call.traffic)).push(event.entry);
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

function finishCall(call: CallRow, time: number, result: ToolCallResult): void {
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
