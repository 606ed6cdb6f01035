import { memo, useEffect, useRef } from 'react';
import { chipText, hasEnded, type ArgumentLabels, type LiveCallStatus } from '../../../trace/index.ts';
import type { ModelToolCall } from '../../../llm/model-types.ts';
import { useRowWindow } from '../../elements/use-row-window.ts';

interface ToolCallListProps {
  calls: readonly ModelToolCall[];
  callStatus: Record<string, LiveCallStatus>;
  selectedToolCallId: string | null;
  onSelectCall?(toolCallId: string | null): void;
  /** In the compact strip: each call's key argument (null: none); absent, the arguments are shown. */
  labels: ArgumentLabels | null;
}

/**
 * A turn of up to this many calls renders every chip. A longer one renders the chips near the
 * transcript's scroll position (use-row-window.ts, as the Calls table does): with `content-visibility`
 * alone, a turn of 1,000 calls still cost an intersection test per chip per frame, the largest part of
 * the page's own work in a live fan-out (issue 30, docs/adr/0034).
 */
const everyChipUpTo = 50;

/** The chips of one model turn's tool calls; each click selects its call in the timeline. */
export function ToolCallList(props: ToolCallListProps) {
  return props.calls.length > everyChipUpTo ? <WindowedChips {...props} /> : <ChipRange {...props} first={0} last={props.calls.length} />;
}

/** The chips near the scroll position, with one hidden spacer above and below for the ones left out. */
function WindowedChips(props: ToolCallListProps) {
  const { calls, selectedToolCallId } = props;
  const list = useRef<HTMLUListElement>(null);
  const { first, last, before, after } = useRowWindow(list, calls.length);
  const selectedIndex = selectedToolCallId === null ? -1 : calls.findIndex((call) => call.id === selectedToolCallId);
  const outOfWindow = selectedIndex >= 0 && (selectedIndex < first || selectedIndex >= last);
  // A call selected in the timeline whose chip is not rendered: scroll the transcript to where the chip
  // stands, so the window renders it (and the chip, mounted selected, reveals itself exactly).
  useEffect(() => {
    const element = list.current;
    const scroller = element?.closest<HTMLElement>('.transcript');
    if (!outOfWindow || !element || !scroller) return;
    const listBox = element.getBoundingClientRect();
    const chipHeight = listBox.height / calls.length;
    scroller.scrollTop += listBox.top - scroller.getBoundingClientRect().top + selectedIndex * chipHeight - scroller.clientHeight / 2;
    // Only when the selection moves: a person scrolling away from the selected chip keeps their scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedToolCallId]);
  return <ChipRange {...props} first={first} last={last} before={before} after={after} listRef={list} />;
}

interface ChipRangeProps extends ToolCallListProps {
  first: number;
  last: number;
  before?: number;
  after?: number;
  listRef?: React.Ref<HTMLUListElement>;
}

function ChipRange({
  calls,
  callStatus,
  selectedToolCallId,
  onSelectCall,
  labels,
  first,
  last,
  before = 0,
  after = 0,
  listRef,
}: ChipRangeProps) {
  const windowed = listRef !== undefined;
  return (
    <ul ref={listRef} className="tool-calls" aria-label="Tool calls">
      {before > 0 && <Spacer height={before} />}
      {calls.slice(first, last).map((call, offset) => (
        <ToolCallChip
          key={call.id}
          call={call}
          status={callStatus[call.id]}
          selected={call.id === selectedToolCallId}
          onSelect={onSelectCall}
          label={labels ? (labels.get(call.id) ?? null) : undefined}
          position={windowed ? { index: first + offset, of: calls.length } : undefined}
        />
      ))}
      {after > 0 && <Spacer height={after} />}
    </ul>
  );
}

/** Stands for the chips not rendered, so the transcript keeps its length. */
function Spacer({ height }: { height: number }) {
  return <li className="tool-call-spacer" aria-hidden="true" style={{ height }} />;
}

/** Before its first event the call has no status yet; after, trace words it (call-status.ts). */
function statusText(status: LiveCallStatus | undefined): string {
  return status ? chipText(status.status, status.durationMs) : 'waiting';
}

/** The chip's colour class: in-flight words as they are, outcomes as success or error. */
function stateClass(status: LiveCallStatus | undefined): string {
  if (!status) return 'queued';
  if (!hasEnded(status.status)) return status.status;
  return status.status === 'success' ? 'success' : 'error';
}

interface ToolCallChipProps {
  call: ModelToolCall;
  status: LiveCallStatus | undefined;
  selected: boolean;
  onSelect?(toolCallId: string | null): void;
  /** In the compact strip: the key argument shown instead of the arguments (null: none). */
  label?: string | null;
  /** In a windowed list: where the chip stands among all of the turn's calls (for assistive technology). */
  position?: { index: number; of: number };
}

/** One tool call of an assistant turn; a click selects it in the timeline, and a selection there highlights it. */
const ToolCallChip = memo(function ToolCallChip({ call, status, selected, onSelect, label, position }: ToolCallChipProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const content = (
    <>
      <code className="call-name">{call.name}</code>
      {label === undefined ? <code className="call-arguments">{call.arguments || '{}'}</code> : <span className="call-label">{label}</span>}
      <span className="call-status">{statusText(status)}</span>
    </>
  );
  return (
    <li
      ref={ref}
      className={`tool-call state-${stateClass(status)}${selected ? ' selected' : ''}`}
      aria-posinset={position && position.index + 1}
      aria-setsize={position?.of}
    >
      {onSelect ? (
        <button
          type="button"
          className="tool-call-button"
          aria-pressed={selected}
          title="Show this call in the timeline"
          onClick={() => onSelect(selected ? null : call.id)}
        >
          {content}
        </button>
      ) : (
        content
      )}
    </li>
  );
});
