// Two kept runs read back for Compare: both bodies loaded, put in order (a parent before its fork, else
// the older first) and labelled so a viewer tells them apart. A run that cannot be read (damaged, deleted
// meanwhile, from a format this version does not know) gives a reason naming it instead of a broken view.
import { comparisonOrder, describeComparison, formatRunTime, type RunHistory, type StoredRunSummary } from '../history/index.ts';
import type { KeptComparison } from './compare-slice.ts';

export async function keptComparison(
  history: RunHistory,
  listed: readonly StoredRunSummary[],
  ids: readonly [string, string],
  formatTime: (epochMs: number) => string = formatRunTime,
): Promise<KeptComparison | { error: string }> {
  if (ids[0] === ids[1]) return { error: 'Pick two different runs to compare.' };
  const loaded = await Promise.all(ids.map((id) => history.load(id)));
  const problems = loaded.flatMap((result, index) => {
    if (result.ok) return [];
    const summary = listed.find((run) => run.id === ids[index]);
    const name = summary ? `"${summary.title}" (${formatTime(summary.startedAt)})` : 'A run';
    return [`${name} cannot be compared: ${result.problem}`];
  });
  const [first, second] = loaded;
  if (problems.length > 0 || !first?.ok || !second?.ok) return { error: problems.join(' ') };
  const ordered = comparisonOrder(first, second);
  const described = describeComparison(ordered, formatTime);
  return {
    title: described.title,
    notes: described.notes,
    entries: ordered.map((run, index) => {
      const label = described.labels[index as 0 | 1];
      return {
        variantId: run.summary.id,
        label: label.heading,
        settingsText: label.summaryLine,
        concurrencyLimit: run.body.concurrencyLimit,
        result: { events: run.body.events, totalMs: run.summary.durationMs },
        details: label.details,
        ...(run.summary.parentRunId ? { partial: true } : {}),
      };
    }),
  };
}
