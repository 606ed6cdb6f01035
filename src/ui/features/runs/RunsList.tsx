import type { BranchRow } from '../../../history/index.ts';
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

/** Kept runs, newest first, each followed by its branches: opened in the timeline, or ticked two at a time for Compare. */
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
  return (
    <table className="runs-table" aria-label="Kept runs">
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
      <tbody>
        {rows.map((row) => {
          const { id } = row.run;
          return (
            <RunRow
              key={id}
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
      </tbody>
    </table>
  );
}
