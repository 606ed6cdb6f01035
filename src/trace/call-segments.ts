// A call's bar, phase by phase. Pure: the same call and `now` always give the same segments, and an
// open phase (the call is still in it) ends at `now`, so a live bar grows as time passes.
import type { AttemptRecord, SegmentKind, TimelineSegment, WaitRecord } from './timeline-types.ts';

/** The facts a call's bar is drawn from (what the events said so far). */
export interface CallFacts {
  queuedAt: number;
  startedAt?: number;
  endedAt?: number;
  attempts: readonly AttemptRecord[];
  /** What the attempts waited on; absent for calls from before waits were recorded. */
  waits?: readonly WaitRecord[];
}

const waitKinds: Record<WaitRecord['on'], SegmentKind> = { user: 'waiting', connection: 'connecting', model: 'sampling' };
const waitSegmentKinds: ReadonlySet<SegmentKind> = new Set(Object.values(waitKinds));

/** An attempt's deadline as of `now`: one that stands still (it waits on the person) moves on with the clock. */
export function deadlineAsOf(attempt: AttemptRecord, now: number): number {
  return attempt.deadline + (attempt.deadlinePausedAt === undefined ? 0 : Math.max(0, now - attempt.deadlinePausedAt));
}

/** A part of an attempt (what it waited on), drawn over the attempt's bar rather than after it. */
export function isWaitSegment(kind: SegmentKind): boolean {
  return waitSegmentKinds.has(kind);
}

/** A phase; `attempt` and `outcome` are set only when given (a row of 100,000 calls spreads no extras). */
function segment(
  kind: TimelineSegment['kind'],
  start: number,
  end: number | undefined,
  now: number,
  attempt?: number,
  outcome?: TimelineSegment['outcome'],
): TimelineSegment {
  const open = end === undefined;
  const made: TimelineSegment = { kind, start, end: open ? Math.max(start, now) : end, open };
  if (attempt !== undefined) made.attempt = attempt;
  if (outcome) made.outcome = outcome;
  return made;
}

export function callSegments(call: CallFacts, now: number): TimelineSegment[] {
  const segments: TimelineSegment[] = [];
  const leftQueue = call.startedAt ?? call.endedAt;
  // A call that found a free slot starts in the same instant it was queued: no queue segment then.
  if (leftQueue === undefined || leftQueue > call.queuedAt) segments.push(segment('queued', call.queuedAt, leftQueue, now));
  if (call.startedAt === undefined) return segments;

  const firstAttempt = call.attempts[0];
  const validatedAt = firstAttempt?.start ?? call.endedAt;
  if (validatedAt === undefined || validatedAt > call.startedAt) segments.push(segment('validating', call.startedAt, validatedAt, now));

  for (let position = 0; position < call.attempts.length; position++) {
    const attempt = call.attempts[position] as AttemptRecord;
    segments.push(segment('attempt', attempt.start, attempt.end, now, attempt.attempt, attempt.outcome));
    if (attempt.end !== undefined && attempt.retryDelayMs !== undefined) {
      // The wait ends when the next attempt starts, or when the call ends (aborted while waiting).
      const next = call.attempts[position + 1];
      segments.push(segment('backoff', attempt.end, next?.start ?? call.endedAt, now, attempt.attempt));
    }
  }
  // Over the attempt they happened in. A wait the events never ended stops where its attempt did.
  for (const wait of call.waits ?? []) {
    const attempt = call.attempts.find((candidate) => candidate.attempt === wait.attempt);
    segments.push(segment(waitKinds[wait.on], wait.start, wait.end ?? attempt?.end, now, wait.attempt));
  }
  // Drawn last so they sit on top of whatever the call did next in the same row. Work still running
  // after the executor stopped waiting is an open ghost, until it settles late or is killed.
  for (const attempt of call.attempts) {
    if (attempt.end === undefined) continue;
    const ghostEnd = ghostEndOf(attempt);
    const endedAt = attempt.lateSettleAt ?? attempt.killedAt;
    if (endedAt === undefined && !attempt.workRunning) continue;
    const ghost = segment('ghost', attempt.end, endedAt, now, attempt.attempt);
    if (ghostEnd) ghost.ghostEnd = ghostEnd;
    segments.push(ghost);
  }
  return segments;
}

function ghostEndOf(attempt: AttemptRecord): TimelineSegment['ghostEnd'] {
  if (attempt.killedAt !== undefined) return 'killed';
  if (attempt.lateSettleAt !== undefined) return attempt.lateOutcome === 'error' ? 'late-error' : 'late-success';
  return undefined;
}
