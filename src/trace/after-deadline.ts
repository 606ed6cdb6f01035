// What a call's work did after the executor stopped waiting for it, in words: the same phrases on the
// chart's ghost bars, in the table's "After deadline" column, in the tooltip and in the inspector.
import type { AttemptRecord, CallRow, TimelineModel, TimelineSegment } from './timeline-types.ts';
import { formatDuration } from './time-ticks.ts';

export const stillRunningText = 'still running — result will be discarded';

/** The lingering attempt of a call: the last one whose work outlived its deadline. */
export function lingeringAttempt(call: Pick<CallRow, 'attempts'>): AttemptRecord | undefined {
  return call.attempts.findLast(
    (attempt) => attempt.workRunning === true || attempt.lateSettleAt !== undefined || attempt.killedAt !== undefined,
  );
}

/**
 * How long after its deadline the work ended (late settle or kill); undefined while it runs, and when it
 * ended before the deadline (Stop killed it mid-call: it was never late).
 */
export function lateByMs(attempt: AttemptRecord): number | undefined {
  const endedAt = attempt.lateSettleAt ?? attempt.killedAt;
  if (endedAt === undefined || !Number.isFinite(attempt.deadline) || endedAt < attempt.deadline) return undefined;
  return endedAt - attempt.deadline;
}

/** One phrase: "still running — result will be discarded", "finished 3 s late — result discarded", "stopped 4 ms after the deadline", "killed 2 s after the deadline". */
export function afterDeadlineText(attempt: AttemptRecord | undefined): string | undefined {
  if (!attempt) return undefined;
  const late = lateByMs(attempt);
  if (attempt.killedAt !== undefined) {
    const when = late === undefined ? '' : ` ${formatDuration(late)} after the deadline`;
    return attempt.killReason === 'stopped' ? `killed on Stop${when}` : `killed${when}`;
  }
  if (attempt.lateSettleAt !== undefined) {
    // A tool that stopped (threw, typically on its aborted signal) has no result to discard.
    // Without a time past the deadline (Stop ended the call first, or it had no deadline) it is measured
    // from nothing: say only that the work outlived its call.
    if (attempt.lateOutcome === 'error')
      return late === undefined ? 'stopped after the call ended' : `stopped ${formatDuration(late)} after the deadline`;
    return late === undefined
      ? 'finished after the call ended — result discarded'
      : `finished ${formatDuration(late)} late — result discarded`;
  }
  return attempt.workRunning ? stillRunningText : undefined;
}

/** The label drawn on a ghost segment. */
export function ghostLabel(segment: TimelineSegment, attempt: AttemptRecord | undefined): string {
  if (segment.open || !attempt) return stillRunningText;
  return afterDeadlineText(attempt) ?? stillRunningText;
}

/**
 * The ghost's label, then shorter forms of it for a chart with less room: the timeline draws the longest
 * that fits in free space beside the bar ("killed 2 s after the deadline", "killed +2 s", "+2 s").
 */
export function ghostLabelForms(segment: TimelineSegment, attempt: AttemptRecord | undefined): string[] {
  const full = ghostLabel(segment, attempt);
  const late = attempt && !segment.open ? lateByMs(attempt) : undefined;
  const plus = late === undefined ? undefined : `+${formatDuration(late)}`;
  const shorter: (string | undefined)[] =
    segment.open || !attempt || full === stillRunningText
      ? ['still running', 'running']
      : attempt.killedAt !== undefined
        ? [plus && `killed ${plus}`, plus ?? 'killed']
        : attempt.lateOutcome === 'error'
          ? [plus && `stopped ${plus}`, plus ?? 'stopped']
          : [plus && `finished ${plus} late`, plus && `late ${plus}`, plus ?? 'late'];
  return [...new Set([full, ...shorter.filter((form): form is string => form !== undefined)])];
}

export const strategyNames = { race: 'race only', abort: 'abort signal', 'abort-then-kill': 'abort, then kill' } as const;

/** "abort, then kill after 2.0 s" — what the executor does at this attempt's deadline. */
export function strategyText(attempt: AttemptRecord): string | undefined {
  if (!attempt.timeoutStrategy) return undefined;
  const name = strategyNames[attempt.timeoutStrategy];
  if (attempt.timeoutStrategy === 'abort-then-kill')
    return attempt.killAfterMs === undefined ? `${name} (cannot be killed)` : `${name} after ${formatDuration(attempt.killAfterMs)}`;
  return name;
}

export interface AfterDeadlineSummary {
  /** Attempts whose work outlived its deadline. */
  lingered: number;
  lateSettles: number;
  killed: number;
  /** Work done after deadlines, summed over attempts: time the executor no longer waited for. */
  workPastDeadlinesMs: number;
  /** The longest one attempt's work ran past its deadline: how long the longest-lived zombie ran. */
  longestPastDeadlineMs: number;
}

/** What a run's work did after its deadlines, for Compare's line per variant. */
export function afterDeadlineSummary(model: Pick<TimelineModel, 'calls' | 'end'>): AfterDeadlineSummary {
  const summary: AfterDeadlineSummary = { lingered: 0, lateSettles: 0, killed: 0, workPastDeadlinesMs: 0, longestPastDeadlineMs: 0 };
  for (const call of model.calls)
    for (const attempt of call.attempts) {
      if (attempt.end === undefined || !(attempt.workRunning || attempt.lateSettleAt !== undefined || attempt.killedAt !== undefined))
        continue;
      summary.lingered++;
      if (attempt.killedAt !== undefined) summary.killed++;
      else if (attempt.lateSettleAt !== undefined) summary.lateSettles++;
      const pastDeadlineMs = Math.max(0, (attempt.lateSettleAt ?? attempt.killedAt ?? model.end) - attempt.end);
      summary.workPastDeadlinesMs += pastDeadlineMs;
      summary.longestPastDeadlineMs = Math.max(summary.longestPastDeadlineMs, pastDeadlineMs);
    }
  return summary;
}

/** "3 s of work past deadlines · 1 late settle (result discarded) · 1 killed", or nothing when no work lingered. */
export function afterDeadlineSummaryText(summary: AfterDeadlineSummary): string | undefined {
  if (summary.lingered === 0) return undefined;
  const parts = [`${formatDuration(summary.workPastDeadlinesMs, 100)} of work past deadlines`];
  if (summary.lateSettles > 0) parts.push(`${summary.lateSettles} late ${summary.lateSettles === 1 ? 'settle' : 'settles'} (discarded)`);
  if (summary.killed > 0) parts.push(`${summary.killed} killed`);
  return parts.join(' · ');
}
