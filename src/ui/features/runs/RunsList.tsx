import { useRef } from 'react';
import type { BranchRow } from '../../../history/index.ts';
import { useRowWindow } from '../../elements/use-row-window.ts';
import { RunRow } from './RunRow.tsx';
import './runs.css';

interface RunsListProps {
  /** Kept runs with their forks under them (branchRows). */
  rows: readonly BranchRow[];
  /** The kept run on show, highlighted. */
  openedId: string | null;
  /** Runs ticked for Compare. */
  picked: readonly string[];
  formatTime(epochMs: number): string;
  onTogglePick(id: string): void;
  onOpen(id: string): void;
  onExport(id: string): void;
  onDelete(id: string): void;
  onCompareWithParent(id: string): void;
}

const columnCount = 9;

/**
 * Kept runs, newest first, each followed by its branches: opened in the timeline, or ticked two at a time
 * for Compare. Only the rows near the scroll position are in the DOM (use-row-window.ts); the table still
 * says how many rows it has (aria-rowcount) and where each rendered one sits (aria-rowindex).
 */
export function RunsList({
  rows,
  openedId,
  picked,
  formatTime,
  onTogglePick,
  onOpen,
  onExport,
  onDelete,
  onCompareWithParent,
}: RunsListProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const { first, last, before, after } = useRowWindow(body, rows.length, { rememberAs: 'kept-runs' });
  return (
    <table className="runs-table" aria-label="Kept runs" aria-rowcount={rows.length + 1}>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Pick to compare</span>
          </th>
          <th scope="col">Started</th>
          <th scope="col">Run</th>
          <th scope="col">Kind</th>
          <th scope="col">Status</th>
          <th scope="col">Tools</th>
          <th scope="col">Calls</th>
          <th scope="col">Time</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody ref={body}>
        {before > 0 && <Spacer height={before} />}
        {rows.slice(first, last).map((row, offset) => {
          const { id } = row.run;
          return (
            <RunRow
              key={id}
              rowIndex={first + offset + 2}
              row={row}
              startedText={formatTime(row.run.startedAt)}
              opened={id === openedId}
              picked={picked.includes(id)}
              onTogglePick={() => onTogglePick(id)}
              onOpen={() => onOpen(id)}
              onExport={() => onExport(id)}
              onDelete={() => onDelete(id)}
              onCompareWithParent={() => onCompareWithParent(id)}
            />
          );
        })}
        {after > 0 && <Spacer height={after} />}
      </tbody>
    </table>
  );
}

/** Stands for the rows not rendered, so the scrollbar keeps the length of the whole list. */
function Spacer({ height }: { height: number }) {
  return (
    <tr className="runs-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={columnCount} />
    </tr>
  );
}
