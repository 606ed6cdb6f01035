import type { RunFilter, StoredRunSummary } from '../../history/index.ts';
import { RunFilters } from './RunFilters.tsx';
import { RunsList } from './RunsList.tsx';

interface RunsViewProps {
  status: 'loading' | 'ready' | 'unavailable';
  /** Why runs are not kept, when unavailable. */
  problem: string | null;
  damaged: number;
  /** Every kept run, and the ones the filter lets through. */
  total: number;
  runs: readonly StoredRunSummary[];
  toolNames: readonly string[];
  filter: RunFilter;
  now: number;
  openedId: string | null;
  onFilterChange(filter: RunFilter): void;
  onOpen(id: string): void;
  onExport(id: string): void;
  onDelete(id: string): void;
  onRemoveDamaged(): void;
}

/** The Runs tab: every kept run with filters; a run opens in the timeline. */
export function RunsView(props: RunsViewProps) {
  const { status, problem, damaged, total, runs } = props;
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
      ) : runs.length === 0 ? (
        <p className="empty-hint">No kept run matches these filters ({total} kept).</p>
      ) : (
        <>
          <p className="hint runs-count">
            {runs.length === total ? `${total} kept ${total === 1 ? 'run' : 'runs'}` : `${runs.length} of ${total} kept runs`}
          </p>
          <RunsList runs={runs} openedId={props.openedId} onOpen={props.onOpen} onExport={props.onExport} onDelete={props.onDelete} />
        </>
      )}
    </div>
  );
}
