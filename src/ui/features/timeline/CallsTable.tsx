import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useRowWindow } from '../../elements/use-row-window.ts';
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
const columnCount = 8;
/**
 * A page of up to this many rows renders every row. A longer one renders the rows near its scroll
 * position (use-row-window.ts): a live fan-out of 1,000 calls laid out and painted a 500-row table on
 * every frame, most of the page's work per frame (issue 30).
 */
const everyRowUpTo = 50;

/**
 * The accessible twin of the chart and the test contract: one row per call. Its rows come a moment after
 * the chart: a run opened with 10,000 calls draws its first frame before 500 table rows are made (the
 * table is keyed by run, so each run starts empty), and while a run goes the rows follow in the background.
 * A long page has only the rows near its scroll position in the DOM; the table still says how many rows
 * the page has (aria-rowcount) and where each rendered one sits (aria-rowindex).
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
  const body = useRef<HTMLTableSectionElement>(null);
  const rowWindow = useRowWindow(body, shown.length);
  const windowed = shown.length > everyRowUpTo;
  const { first: from, last: to, before, after } = windowed ? rowWindow : { first: 0, last: shown.length, before: 0, after: 0 };
  const selectedIndex = selectedKey === null ? -1 : shown.findIndex((call) => call.key === selectedKey);
  // A call selected in the chart whose row is not rendered: scroll its pane to where the row stands, so the
  // window renders it (and the row, mounted selected, reveals itself exactly).
  const outOfWindow = windowed && selectedIndex >= 0 && (selectedIndex < from || selectedIndex >= to);
  useEffect(() => {
    const element = body.current;
    const pane = element?.closest<HTMLElement>('.calls-table-pane');
    if (!outOfWindow || !element || !pane || shown.length === 0) return;
    const rowHeight = element.getBoundingClientRect().height / shown.length;
    pane.scrollTop = element.offsetTop + selectedIndex * rowHeight - pane.clientHeight / 2;
    // Only when the selection moves: a person scrolling away from the selected row keeps their scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedKey, shownPage]);
  return (
    // Focusable so a keyboard can scroll it: with eight columns the table scrolls sideways in a narrow pane.
    <div className="calls-table-pane" role="region" aria-label="Calls table" tabIndex={0}>
      <table className="calls-table" aria-label="Calls" aria-rowcount={shown.length + 1}>
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
        <tbody ref={body}>
          {before > 0 && <Spacer height={before} />}
          {shown.slice(from, to).map((call, offset) => (
            <CallsTableRow
              key={call.key}
              rowIndex={from + offset + 2}
              call={call}
              keyArgument={labels.get(call.key)}
              origin={origin}
              now={call.startedAt !== undefined && call.endedAt === undefined ? now : undefined}
              selected={call.key === selectedKey}
              onSelect={onSelect}
            />
          ))}
          {after > 0 && <Spacer height={after} />}
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

/** Stands for the rows not rendered, so the scrollbar keeps the length of the whole page. */
function Spacer({ height }: { height: number }) {
  return (
    <tr className="calls-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={columnCount} />
    </tr>
  );
}
