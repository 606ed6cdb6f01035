import { useDeferredValue, useState } from 'react';
import type { CallRow } from '../../../trace/index.ts';
import { CallsTableRow } from './CallsTableRow.tsx';
import { useCallLabels } from './use-call-labels.ts';

interface CallsTableProps {
  calls: readonly CallRow[];
  origin: number;
  now: number | undefined;
  selectedKey: string | null;
  onSelect(key: string): void;
  /** Rows per page: a 10,000-call run would make a 10,000-row DOM table. */
  pageSize?: number;
}

const noCalls: readonly CallRow[] = [];

/**
 * The accessible twin of the chart and the test contract: one row per call. Its rows come a moment after
 * the chart: a run opened with 10,000 calls draws its first frame before 500 table rows are made (the
 * table is keyed by run, so each run starts empty), and while a run goes the rows follow in the background.
 */
export function CallsTable({ calls: current, origin, now, selectedKey, onSelect, pageSize = 500 }: CallsTableProps) {
  const calls = useDeferredValue(current, noCalls);
  const pages = Math.max(1, Math.ceil(calls.length / pageSize));
  const [page, setPage] = useState(0);
  // Follow a selection made in the chart onto its page ("adjust state when a prop changes").
  const [followedKey, setFollowedKey] = useState(selectedKey);
  if (selectedKey !== followedKey) {
    setFollowedKey(selectedKey);
    const index = selectedKey ? calls.findIndex((call) => call.key === selectedKey) : -1;
    if (index >= 0 && Math.floor(index / pageSize) !== page) setPage(Math.floor(index / pageSize));
  }
  // The same key arguments as the chart's rows, so ten get_weather rows say which city each is.
  const labels = useCallLabels(calls);
  const shownPage = Math.min(page, pages - 1);
  const first = shownPage * pageSize;
  const shown = calls.slice(first, first + pageSize);
  return (
    // Focusable so a keyboard can scroll it: with eight columns the table scrolls sideways in a narrow pane.
    <div className="calls-table-pane" role="region" aria-label="Calls table" tabIndex={0}>
      <table className="calls-table" aria-label="Calls">
        <caption>
          {calls.length === 0
            ? 'No calls yet'
            : calls.length <= pageSize
              ? `${calls.length} ${calls.length === 1 ? 'call' : 'calls'}`
              : `Calls ${first + 1}–${first + shown.length} of ${calls.length}`}
          {calls.length > 0 && selectedKey === null && <span className="hint"> · select one to inspect it</span>}
        </caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Status</th>
            <th scope="col" className="number">
              Attempts
            </th>
            <th scope="col" className="number">
              Start (ms)
            </th>
            <th scope="col" className="number">
              Duration (ms)
            </th>
            <th scope="col" className="number">
              Deadline (ms)
            </th>
            <th scope="col">After deadline</th>
            <th scope="col">Version</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((call) => (
            <CallsTableRow
              key={call.key}
              call={call}
              keyArgument={labels.get(call.key)}
              origin={origin}
              now={call.startedAt !== undefined && call.endedAt === undefined ? now : undefined}
              selected={call.key === selectedKey}
              onSelect={onSelect}
            />
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="pager" aria-label="Calls pages">
          <button type="button" disabled={shownPage === 0} onClick={() => setPage(shownPage - 1)}>
            Previous
          </button>
          <span>
            Page {shownPage + 1} of {pages}
          </span>
          <button type="button" disabled={shownPage >= pages - 1} onClick={() => setPage(shownPage + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
