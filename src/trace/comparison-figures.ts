// The figures Compare puts beside each variant's timeline, so a viewer can tell why one setting wins
// without reading bars: how long the run took, what failed and how, how often it retried, how long
// a call waited for its result, how many ran at once, and how long they held their slots.
import { summarize, type ErrorKind } from '../core/index.ts';
import { afterDeadlineSummary } from './after-deadline.ts';
import { runMetrics } from './run-metrics.ts';
import type { TimelineModel } from './timeline-types.ts';

export interface ComparisonFigures {
  totalMs: number;
  calls: number;
  /** Calls that ended with an error, by kind. */
  errors: Partial<Record<ErrorKind, number>>;
  errorCount: number;
  /** Retries scheduled, over all calls. */
  retries: number;
  /**
   * 95th percentile of the time from the model's request to the call's result: queue, attempts and
   * waits between them. The time a model (and its user) waits for a call, which a limit can lengthen
   * by queueing and a burst can lengthen by retrying.
   */
  p95CallMs: number;
  /** Most calls running at once. */
  peakInFlight: number;
  /**
   * Concurrency slots held, summed over calls (from leaving the queue to the result, retry waits
   * included): the capacity a setting ties up, even while a call only waits to try again.
   */
  slotsHeldMs: number;
  /**
   * Work that ran on after its deadline, summed over attempts: the executor had stopped waiting and the
   * result was thrown away, but the work held a worker (and whatever it was doing) all the while. What
   * the timeout strategies differ in; their totals and error counts are the same.
   */
  workPastDeadlinesMs: number;
  /** The longest any one attempt's work ran past its deadline: how long the longest-lived zombie ran. */
  longestPastDeadlineMs: number;
  /** Attempts whose work was stopped by force (the sandbox terminated its worker). */
  kills: number;
}

export function comparisonFigures(model: TimelineModel, totalMs: number): ComparisonFigures {
  const metrics = runMetrics(model);
  const errors: Partial<Record<ErrorKind, number>> = {};
  for (const tool of metrics.tools)
    for (const [kind, count] of Object.entries(tool.errors) as [ErrorKind, number][]) errors[kind] = (errors[kind] ?? 0) + count;
  const ended = model.calls.filter((call) => call.endedAt !== undefined);
  const callTimes = ended.map((call) => (call.endedAt as number) - call.queuedAt);
  const afterDeadlines = afterDeadlineSummary(model);
  const slotsHeldMs = ended.reduce((sum, call) => sum + ((call.endedAt as number) - (call.startedAt ?? (call.endedAt as number))), 0);
  return {
    totalMs,
    calls: metrics.totals.calls,
    errors,
    errorCount: metrics.totals.errors,
    retries: metrics.totals.retries,
    p95CallMs: summarize(callTimes).p95,
    peakInFlight: metrics.peakConcurrency,
    slotsHeldMs,
    workPastDeadlinesMs: afterDeadlines.workPastDeadlinesMs,
    longestPastDeadlineMs: afterDeadlines.longestPastDeadlineMs,
    kills: afterDeadlines.killed,
  };
}

/** Which variants are best on each figure (lowest wins; ties share), for Compare's highlights. */
export type FigureName =
  'totalMs' | 'errorCount' | 'retries' | 'p95CallMs' | 'slotsHeldMs' | 'workPastDeadlinesMs' | 'longestPastDeadlineMs';

export function bestVariants(figures: readonly (ComparisonFigures | null)[], name: FigureName): Set<number> {
  const values = figures.map((entry) => entry?.[name]);
  const present = values.filter((value): value is number => value !== undefined);
  if (present.length < 2) return new Set();
  const lowest = Math.min(...present);
  // Nothing to single out when every variant scored the same.
  if (present.every((value) => value === lowest)) return new Set();
  return new Set(values.flatMap((value, index) => (value === lowest ? [index] : [])));
}
