import type { BranchRow, RunFilter } from '../../../history/index.ts';
import { RunFilters } from './RunFilters.tsx';
import { RunsList } from './RunsList.tsx';

interface RunsViewProps {
  status: 'loading' | 'ready' | 'unavailable';
  /** Why runs are not kept, when unavailable. */
  problem: string | null;
  damaged: number;
  /** Every kept run, and the ones the filter lets through, forks under their parents. */
  total: number;
  rows: readonly BranchRow[];
  toolNames: readonly string[];
  filter: RunFilter;
  now: number;
  openedId: string | null;
  /** Runs ticked for Compare (at most two). */
  picked: readonly string[];
  formatTime(epochMs: number): string;
  onFilterChange(filter: RunFilter): void;
  onTogglePick(id: string): void;
  onClearPicks(): void;
  /** Compares the two ticked runs. */
  onCompare(): void;
  onCompareWithParent(id: string): void;
  onOpen(id: string): void;
  onExport(id: string): void;
  onDelete(id: string): void;
  onRemoveDamaged(): void;
}

function pickHint(count: number): string {
  if (count === 0) return 'Tick two runs to see them side by side.';
  return count === 1 ? 'Tick one more run to compare.' : 'Two runs ticked.';
}

/** The Runs tab: every kept run with filters; a run opens in the timeline, two ticked runs open in Compare. */
export function RunsView(props: RunsViewProps) {
  const { status, problem, damaged, total, rows, picked } = props;
  if (status === 'loading') return <p className="empty-hint">Reading kept runs…</p>;
  if (status === 'unavailable') return <p className="empty-hint">{problem ?? 'Runs are not kept in this browser.'}</p>;
  return (
    <div className="runs-view">
      <RunFilters filter={props.filter} toolNames={props.toolNames} now={props.now} onChange={props.onFilterChange} />
      {damaged > 0 && (
        <p className="hint runs-damaged" role="status">
          {damaged === 1 ? 'One kept run is damaged' : `${damaged} kept runs are damaged`} and not listed.{' '}
          <button type="button" onClick={props.onRemoveDamaged}>
            Remove damaged
          </button>
        </p>
      )}
      {total === 0 ? (
        <p className="empty-hint">No runs yet: every scenario, conversation, test call and Compare variant you run is kept here.</p>
      ) : rows.length === 0 ? (
        <p className="empty-hint">No kept run matches these filters ({total} kept).</p>
      ) : (
        <>
          <div className="runs-compare" role="group" aria-label="Compare kept runs">
            <span className="hint runs-count">
              {rows.length === total ? `${total} kept ${total === 1 ? 'run' : 'runs'}` : `${rows.length} of ${total} kept runs`}
            </span>
            <button type="button" className="primary" disabled={picked.length !== 2} onClick={props.onCompare}>
              Compare side by side
            </button>
            <span className="hint">{pickHint(picked.length)}</span>
            {picked.length > 0 && (
              <button type="button" onClick={props.onClearPicks}>
                Clear ticks
              </button>
            )}
          </div>
          <RunsList
            rows={rows}
            openedId={props.openedId}
            picked={picked}
            formatTime={props.formatTime}
            onTogglePick={props.onTogglePick}
            onOpen={props.onOpen}
            onExport={props.onExport}
            onDelete={props.onDelete}
            onCompareWithParent={props.onCompareWithParent}
          />
        </>
      )}
    </div>
  );
}
