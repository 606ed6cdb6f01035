import type { StoredRunSummary } from '../../history/index.ts';
import { kindLabels } from './RunFilters.tsx';
import './runs.css';

interface RunsListProps {
  runs: readonly StoredRunSummary[];
  /** The kept run on show, highlighted. */
  openedId: string | null;
  onOpen(id: string): void;
  onExport(id: string): void;
  onDelete(id: string): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function duration(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** Kept runs, newest first: one row each, opened in the timeline with Open. */
export function RunsList({ runs, openedId, onOpen, onExport, onDelete }: RunsListProps) {
  return (
    <table className="runs-table" aria-label="Kept runs">
      <thead>
        <tr>
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
        {runs.map((run) => (
          <tr key={run.id} aria-current={run.id === openedId ? 'true' : undefined} className={run.id === openedId ? 'selected' : undefined}>
            <td className="runs-time">{timeFormat.format(run.startedAt)}</td>
            <td className="runs-title" title={run.outcome}>
              {run.parentRunId ? <span className="badge">fork</span> : null} {run.title}
            </td>
            <td>{kindLabels[run.kind]}</td>
            <td>
              <span className={`run-status run-status-${run.status}`}>{run.status}</span>
            </td>
            <td className="runs-tools">{run.toolNames.join(', ') || '—'}</td>
            <td className="runs-number">
              {run.callCount}
              {run.errorCount > 0 ? <span className="runs-errors"> ({run.errorCount} failed)</span> : null}
            </td>
            <td className="runs-number">{duration(run.durationMs)}</td>
            <td className="runs-actions">
              <button type="button" onClick={() => onOpen(run.id)} aria-label={`Open ${run.title}`}>
                Open
              </button>
              <button type="button" onClick={() => onExport(run.id)} aria-label={`Export ${run.title}`}>
                Export
              </button>
              <button type="button" onClick={() => onDelete(run.id)} aria-label={`Delete ${run.title}`}>
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
