import type { ChatMessage } from '../../llm/types.ts';
import type { LiveCallStatus } from '../../store/live-call-status.ts';

interface ConversationMessageProps {
  message: ChatMessage;
  callStatus: Record<string, LiveCallStatus>;
  /** For an assistant message, with discovery on: the tools the model was offered on that turn. */
  offeredTools?: string[];
  /** Fork the run from this step (a model turn with calls, or a tool result); absent while a run goes. */
  onFork?: () => void;
}

function statusText(status: LiveCallStatus | undefined): string {
  if (!status) return 'waiting';
  if (status.state === 'success') return `success · ${Math.round(status.durationMs)} ms`;
  if (status.state === 'error') return `error: ${status.kind ?? 'unknown'} · ${Math.round(status.durationMs)} ms`;
  return status.state;
}

/** One message of the transcript, shown as the model sees it (tool messages verbatim). */
export function ConversationMessage({ message, callStatus, offeredTools, onFork }: ConversationMessageProps) {
  const forkButton = onFork && (
    <button
      type="button"
      className="fork-button"
      onClick={onFork}
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
              {message.toolCalls.map((call) => {
                const status = callStatus[call.id];
                return (
                  <li key={call.id} className={`tool-call state-${status?.state ?? 'queued'}`}>
                    <code className="call-name">{call.name}</code>
                    <code className="call-arguments">{call.arguments || '{}'}</code>
                    <span className="call-status">{statusText(status)}</span>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      );
    case 'tool':
      return (
        <div className={`message message-tool${message.isError ? ' is-error' : ''}`}>
          <span className="role">tool · {message.name}</span>
          {forkButton}
          <pre aria-label={`Result of ${message.name} sent to the model`}>{message.content}</pre>
        </div>
      );
  }
}
