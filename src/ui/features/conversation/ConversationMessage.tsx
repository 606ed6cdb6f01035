import { memo, useMemo } from 'react';
import { callArgumentLabels, type LiveCallStatus } from '../../../trace/index.ts';
import type { ChatMessage } from '../../../llm/model-types.ts';
import { ToolCallList } from './ToolCallList.tsx';
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
            <ToolCallList
              calls={message.toolCalls}
              callStatus={callStatus}
              selectedToolCallId={selectedToolCallId ?? null}
              onSelectCall={onSelectCall}
              labels={labels}
            />
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
