import { memo, useEffect, useRef } from 'react';
import { afterDeadlineText, deadlineAsOf, injectedFaults, lingeringAttempt, statusLabel, type CallRow } from '../../../trace/index.ts';
import { shownTimes, wholeMilliseconds } from './shown-times.ts';

interface CallsTableRowProps {
  call: CallRow;
  /** What tells this call from the tool's others (`Paris`), as on the chart's row. */
  keyArgument?: string | undefined;
  /** Where the row sits in the table, header included (aria-rowindex): a long table renders only some rows. */
  rowIndex: number;
  origin: number;
  /** Only for calls running now: their duration grows. Queued and finished rows get undefined and stay memoized. */
  now: number | undefined;
  selected: boolean;
  onSelect(key: string): void;
}

const statusVariables: Record<string, string> = {
  success: '--timeline-success',
  queued: '--timeline-queued',
  validating: '--timeline-validating',
  running: '--timeline-running',
  waiting_for_you: '--timeline-waiting',
  waiting_for_connection: '--timeline-connecting',
  backoff: '--timeline-backoff',
  invalid_arguments: '--timeline-invalid',
  timeout: '--timeline-timeout',
  aborted: '--timeline-aborted',
};

/** Whole milliseconds: the table is read (and tested) as plain numbers. */
const milliseconds = (value: number) => String(wholeMilliseconds(value));

/**
 * Scrolls the table's pane up or down just enough to show the row, and never sideways: `scrollIntoView`
 * also scrolls a narrow table to the row's far end, hiding the Tool column that says which call it is.
 */
function revealVertically(row: HTMLElement): void {
  const pane = row.closest<HTMLElement>('.calls-table-pane');
  if (!pane) return;
  const paneBox = pane.getBoundingClientRect();
  const rowBox = row.getBoundingClientRect();
  // The sticky header covers the pane's top rows.
  const visibleTop = paneBox.top + (row.closest('table')?.tHead?.getBoundingClientRect().height ?? 0);
  if (rowBox.top < visibleTop) pane.scrollTop -= visibleTop - rowBox.top;
  else if (rowBox.bottom > paneBox.bottom) pane.scrollTop += rowBox.bottom - paneBox.bottom;
}

/**
 * A live run rebuilds the rows of its open calls every frame (their bars grow), and a queue of 1,000
 * calls would re-render 1,000 table rows per frame for nothing: a row re-renders only when what it shows
 * changed. The builder shares a call's arrays between its rows until the call changes (copy-on-write),
 * so the same attempts and logs mean nothing happened to the call.
 */
function showsTheSame(previous: CallsTableRowProps, next: CallsTableRowProps): boolean {
  const [before, after] = [previous.call, next.call];
  return (
    previous.keyArgument === next.keyArgument &&
    previous.rowIndex === next.rowIndex &&
    previous.origin === next.origin &&
    previous.now === next.now &&
    previous.selected === next.selected &&
    previous.onSelect === next.onSelect &&
    (before === after ||
      (before.key === after.key &&
        before.toolCallId === after.toolCallId &&
        before.name === after.name &&
        before.status === after.status &&
        before.queuedAt === after.queuedAt &&
        before.startedAt === after.startedAt &&
        before.endedAt === after.endedAt &&
        before.attempts === after.attempts &&
        before.logs === after.logs &&
        before.result === after.result &&
        before.version === after.version))
  );
}

export const CallsTableRow = memo(function CallsTableRow({
  call,
  keyArgument,
  rowIndex,
  origin,
  now,
  selected,
  onSelect,
}: CallsTableRowProps) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (selected && rowRef.current) revealVertically(rowRef.current);
  }, [selected]);
  const { start, duration } = shownTimes(call, origin, now);
  const injected = injectedFaults(call.logs);
  const lastAttempt = call.attempts[call.attempts.length - 1];
  // As of the same `now` as the duration: while the person has a server's form, it moves on with the clock.
  const deadline =
    lastAttempt && Number.isFinite(lastAttempt.deadline)
      ? (now === undefined ? lastAttempt.deadline : deadlineAsOf(lastAttempt, now)) - origin
      : null;
  const afterDeadline = afterDeadlineText(lingeringAttempt(call)) ?? '';
  // Beside the name too (as on the chart's rows): the Version column is often scrolled out of a narrow table.
  const version = call.result?.version ?? call.version;
  return (
    <tr ref={rowRef} aria-rowindex={rowIndex} aria-selected={selected} onClick={() => onSelect(call.key)} data-call-key={call.key}>
      <td>
        <button
          type="button"
          className="tool-button"
          onClick={(event) => (event.stopPropagation(), onSelect(call.key))}
          title={call.toolCallId}
        >
          {call.name}
        </button>
        {version && (
          <span className="version-tag" title={`Served by version ${version}`}>
            {version}
          </span>
        )}
        {keyArgument && <span className="key-argument"> · {keyArgument}</span>}
      </td>
      <td>
        <span
          className="status-text"
          style={{ ['--status-colour' as string]: `var(${statusVariables[call.status] ?? '--timeline-error'})` }}
        >
          {statusLabel(call.status)}
        </span>
        {injected.length > 0 && (
          <span className="injected-badge" title={injected.map((mark) => `#${mark.attempt}: ${mark.description}`).join('\n')}>
            injected
          </span>
        )}
      </td>
      <td className="number">{call.attempts.length}</td>
      <td className="number">{start}</td>
      <td className="number">{duration ?? ''}</td>
      <td className="number" title={lastAttempt ? `limit ${milliseconds(lastAttempt.timeoutMs)} ms` : undefined}>
        {deadline === null ? '' : milliseconds(deadline)}
      </td>
      <td className="after-deadline">{afterDeadline}</td>
      <td className="version-cell">{version ?? ''}</td>
    </tr>
  );
}, showsTheSame);
