import type { BranchRow } from '../../../history/index.ts';
import { kindLabels } from './RunFilters.tsx';

interface RunRowProps {
  row: BranchRow;
  /** Its place in the whole table, header row 1 (aria-rowindex): only rows near the scroll position are rendered. */
  rowIndex: number;
  /** "Dec 1, 05:20:11". */
  startedText: string;
  opened: boolean;
  picked: boolean;
  onTogglePick(): void;
  onOpen(): void;
  onExport(): void;
  onDelete(): void;
  onCompareWithParent(): void;
}

function duration(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** One kept run: a fork sits indented under the run it branched from and says where it left it. */
export function RunRow({
  row,
  rowIndex,
  startedText,
  opened,
  picked,
  onTogglePick,
  onOpen,
  onExport,
  onDelete,
  onCompareWithParent,
}: RunRowProps) {
  const { run, depth, parent, parentMissing, branchCount } = row;
  const isFork = !!run.parentRunId;
  const forkPoint = run.forkedAt ? `at the ${run.forkedAt}` : null;
  // Under its parent the indent says whose fork it is; a fork listed alone says its parent is not in the list.
  const forkLine = !isFork ? null : [parent || !parentMissing ? null : 'fork of a run not listed', forkPoint].filter(Boolean).join(', ');
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-current={opened ? 'true' : undefined}
      className={[opened ? 'selected' : '', isFork ? 'runs-fork' : ''].join(' ').trim() || undefined}
    >
      <td className="runs-pick">
        <input type="checkbox" checked={picked} onChange={onTogglePick} aria-label={`Pick ${run.title} (${startedText}) to compare`} />
      </td>
      <td className="runs-time">{startedText}</td>
      <td className="runs-title" title={run.outcome}>
        <span className="runs-branch" style={{ paddingLeft: `${depth * 18}px` }}>
          {depth > 0 && (
            <span className="runs-branch-mark" aria-hidden="true">
              ↳{' '}
            </span>
          )}
          {/* Badges first: a long title is cut at its end, and they must stay in view. */}
          {isFork && <span className="badge">fork</span>}
          {branchCount > 0 && <span className="badge runs-branch-count">{branchCount === 1 ? '1 branch' : `${branchCount} branches`}</span>}
          {(isFork || branchCount > 0) && ' '}
          {run.title}
        </span>
        {isFork && (
          // Beside where the fork left its parent: the action is about that parent, and the actions column stays narrow.
          <span className="runs-fork-point" style={{ paddingLeft: `${depth * 18 + (depth > 0 ? 14 : 0)}px` }}>
            {forkLine}
            {forkLine && ' · '}
            <button
              type="button"
              className="runs-compare-parent"
              onClick={onCompareWithParent}
              aria-label={`Compare ${run.title} (${startedText}) with the run it forked from`}
            >
              Compare with parent
            </button>
          </span>
        )}
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
        <button type="button" onClick={onOpen} aria-label={`Open ${run.title}`}>
          Open
        </button>
        <button type="button" onClick={onExport} aria-label={`Export ${run.title}`}>
          Export
        </button>
        <button type="button" onClick={onDelete} aria-label={`Delete ${run.title}`}>
          Delete
        </button>
      </td>
    </tr>
  );
}
