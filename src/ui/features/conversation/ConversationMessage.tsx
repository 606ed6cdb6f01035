import { memo, useEffect, useMemo, useRef } from 'react';
import { callArgumentLabels, chipText, hasEnded, type LiveCallStatus } from '../../../trace/index.ts';
import type { ChatMessage, ModelToolCall } from '../../../llm/model-types.ts';
import { ToolResultView } from './ToolResultView.tsx';

interface ConversationMessageProps {
  /** Where the message is in the transcript (what Fork… forks from). */
  index: number;
  message: ChatMessage;
  callStatus: Record<string, LiveCallStatus>;
  /** For an assistant message, with discovery on: the tools the model was offered on that turn. */
  offeredTools?: string[];
  /** The call selected in the timeline: its chip is highlighted. */
  selectedToolCallId?: string | null;
  /** A chip was clicked: select that call in the timeline (null: clicked again, clear). */
  onSelectCall?(toolCallId: string | null): void;
  /** Presenter mode's strip: each call shows its key argument (`slow_report · Iberia`) instead of its JSON. */
  compact?: boolean;
  /** Fork the run from message `index` (a model turn with calls, or a tool result); absent while a run goes. */
  onFork?: (index: number) => void;
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

/**
 * Whether a message shows the same: a run changes the statuses of a few calls per frame, and a
 * transcript of a hundred turns (or one turn of a thousand calls) must not re-render the rest.
 */
function showsTheSame(previous: ConversationMessageProps, next: ConversationMessageProps): boolean {
  if (
    previous.index !== next.index ||
    previous.message !== next.message ||
    previous.offeredTools !== next.offeredTools ||
    previous.onSelectCall !== next.onSelectCall ||
    previous.compact !== next.compact ||
    previous.onFork !== next.onFork
  )
    return false;
  if (next.message.role !== 'assistant') return true;
  for (const call of next.message.toolCalls) {
    if (previous.callStatus[call.id] !== next.callStatus[call.id]) return false;
    if ((previous.selectedToolCallId === call.id) !== (next.selectedToolCallId === call.id)) return false;
  }
  return true;
}

/** One message of the transcript, shown as the model sees it (tool messages verbatim). */
export const ConversationMessage = memo(function ConversationMessage(props: ConversationMessageProps) {
  const { index, message, callStatus, offeredTools, selectedToolCallId, onSelectCall, compact = false, onFork } = props;
  const toolCalls = message.role === 'assistant' ? message.toolCalls : undefined;
  const labels = useMemo(
    () =>
      compact && toolCalls
        ? callArgumentLabels(toolCalls.map((call) => ({ key: call.id, name: call.name, arguments: call.arguments })))
        : null,
    [compact, toolCalls],
  );
  const forkButton = onFork && (
    <button
      type="button"
      className="fork-button"
      onClick={() => onFork(index)}
      aria-label={`Fork from this ${message.role === 'tool' ? 'tool result' : 'model turn'}`}
    >
      Fork…
    </button>
  );
  switch (message.role) {
    case 'system':
      return (
        <div className="message message-system">
          <span className="role">system</span>
          <p>{message.content}</p>
        </div>
      );
    case 'user':
      return (
        <div className="message message-user">
          <span className="role">user</span>
          <p>{message.content}</p>
        </div>
      );
    case 'assistant':
      return (
        <div className="message message-assistant">
          <span className="role">assistant</span>
          {message.toolCalls.length > 0 && forkButton}
          {offeredTools && (
            <p className="offered-tools" aria-label="Tools offered on this turn">
              offered: {offeredTools.length > 0 ? offeredTools.join(', ') : 'none'}
            </p>
          )}
          {message.content && <p>{message.content}</p>}
          {message.toolCalls.length > 0 && (
            <ul className="tool-calls" aria-label="Tool calls">
              {message.toolCalls.map((call) => (
                <ToolCallChip
                  key={call.id}
                  call={call}
                  status={callStatus[call.id]}
                  selected={call.id === selectedToolCallId}
                  onSelect={onSelectCall}
                  label={labels ? (labels.get(call.id) ?? null) : undefined}
                />
              ))}
            </ul>
          )}
        </div>
      );
    case 'tool':
      return (
        <div className={`message message-tool${message.isError ? ' is-error' : ''}`}>
          <span className="role">tool · {message.name}</span>
          {forkButton}
          <ToolResultView name={message.name} content={message.content} folded={compact} />
        </div>
      );
  }
}, showsTheSame);

interface ToolCallChipProps {
  call: ModelToolCall;
  status: LiveCallStatus | undefined;
  selected: boolean;
  onSelect?(toolCallId: string | null): void;
  /** In the compact strip: the key argument shown instead of the arguments (null: none). */
  label?: string | null;
}

/** One tool call of an assistant turn; a click selects it in the timeline, and a selection there highlights it. */
const ToolCallChip = memo(function ToolCallChip({ call, status, selected, onSelect, label }: ToolCallChipProps) {
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
    <li ref={ref} className={`tool-call state-${stateClass(status)}${selected ? ' selected' : ''}`}>
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
