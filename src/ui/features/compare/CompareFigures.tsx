import { bestVariants, formatDuration, type ComparisonFigures, type FigureName } from '../../../trace/index.ts';

export interface CompareFiguresRow {
  label: string;
  /** Null until the variant has run. */
  figures: ComparisonFigures | null;
  /** A fork: its figures count only what ran after the fork point, so they rank against nothing. */
  partial?: boolean;
}

interface CompareFiguresProps {
  rows: readonly CompareFiguresRow[];
  /** What a row is: a variant re-run by Compare, or a kept run. */
  rowHeading?: 'Variant' | 'Run';
}

const duration = (milliseconds: number) => formatDuration(milliseconds, 100);

/** "4 execution_error", "none": what failed, by kind. */
function errorsText(figures: ComparisonFigures): string {
  const kinds = Object.entries(figures.errors).filter(([, count]) => (count ?? 0) > 0);
  if (kinds.length === 0) return 'none';
  return kinds.map(([kind, count]) => `${count} ${kind}`).join(', ');
}

interface Column {
  name: FigureName | 'peakInFlight' | 'kills';
  heading: string;
  title: string;
  text(figures: ComparisonFigures): string;
}

const columns: Column[] = [
  { name: 'totalMs', heading: 'Total', title: 'From the first event to the answer', text: (figures) => duration(figures.totalMs) },
  { name: 'errorCount', heading: 'Errors', title: 'Calls that ended with an error, by kind', text: errorsText },
  { name: 'retries', heading: 'Retries', title: 'Retries scheduled over all calls', text: (figures) => String(figures.retries) },
  {
    name: 'p95CallMs',
    heading: 'p95 call',
    title: "95th percentile of a call's time from the model's request to its result: queue, attempts and waits included",
    text: (figures) => (figures.calls === 0 ? 'no calls' : duration(figures.p95CallMs)),
  },
  { name: 'peakInFlight', heading: 'Peak in flight', title: 'Most calls running at once', text: (figures) => String(figures.peakInFlight) },
  {
    name: 'slotsHeldMs',
    heading: 'Slots held',
    title: 'Concurrency slots held, summed over calls, waits for a retry included',
    text: (figures) => duration(figures.slotsHeldMs),
  },
];

/**
 * Shown when some variant's work outlived a deadline: what the timeout strategies differ in (their
 * totals, errors and call times are the same, since the executor stops waiting at the deadline either way).
 */
const afterDeadlineColumns: Column[] = [
  {
    name: 'workPastDeadlinesMs',
    heading: 'Work past deadlines',
    title: 'Work that ran on after its deadline, summed over calls: the executor no longer waited, the result was discarded',
    text: (figures) => duration(figures.workPastDeadlinesMs),
  },
  {
    name: 'longestPastDeadlineMs',
    heading: 'Longest zombie',
    title: 'How long the longest-lived work ran past its deadline',
    text: (figures) => duration(figures.longestPastDeadlineMs),
  },
  { name: 'kills', heading: 'Kills', title: 'Work stopped by force (its worker terminated)', text: (figures) => String(figures.kills) },
];

/** Columns that count, not rank: more in flight or more kills is neither better nor worse by itself. */
const unranked = new Set<Column['name']>(['peakInFlight', 'kills']);

/** One row per variant (or kept run), one column per figure; the best value of a column (lowest, when they differ) is marked. */
export function CompareFigures({ rows, rowHeading = 'Variant' }: CompareFiguresProps) {
  const figures = rows.map((row) => row.figures);
  // A run without calls (a fork that replayed them all) has no call times to be best at.
  const withCalls = figures.map((entry) => (entry && entry.calls > 0 ? entry : null));
  // A fork's total and errors leave out the part before its fork point: a ★ for them would be a lie.
  const partial = rows.some((row) => row.partial);
  const lingered = figures.some((entry) => entry !== null && entry.workPastDeadlinesMs > 0);
  const shown = lingered ? [...columns, ...afterDeadlineColumns] : columns;
  const best = new Map(
    shown.map((column) => [
      column.name,
      partial || unranked.has(column.name)
        ? new Set<number>()
        : bestVariants(column.name === 'p95CallMs' || column.name === 'slotsHeldMs' ? withCalls : figures, column.name as FigureName),
    ]),
  );
  return (
    <>
      <table className="metrics-table compare-figures" aria-label={`Figures per ${rowHeading.toLowerCase()}`}>
        <thead>
          <tr>
            <th scope="col">{rowHeading}</th>
            {shown.map((column) => (
              <th key={column.name} scope="col" title={column.title}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {shown.map((column) => {
                if (!row.figures) return <td key={column.name}>–</td>;
                const isBest = best.get(column.name)?.has(index) ?? false;
                return (
                  <td key={column.name} className={isBest ? 'best' : undefined}>
                    {column.text(row.figures)}
                    {isBest && (
                      <>
                        <span className="best-mark" aria-hidden="true">
                          {' ★'}
                        </span>
                        <span className="visually-hidden"> (best)</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint compare-figures-hint">
        p95 call: the time from the model&apos;s request to the call&apos;s result, queue and retry waits included. Slots held: concurrency
        slots taken, summed over calls.
        {lingered &&
          ' Work past deadlines: what ran on after the executor stopped waiting (its result discarded); kills stopped it by force.'}{' '}
        {partial
          ? 'No ★: a fork’s figures count only what ran after its fork point (the part before was replayed), so they rank against nothing.'
          : '★ marks the best of a column.'}
      </p>
    </>
  );
}
