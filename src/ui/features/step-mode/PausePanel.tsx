import { useState } from 'react';
import type { ModelToolCall, ToolMessage } from '../../../llm/index.ts';
import type { PauseEdit, PausePoint } from '../../../session/index.ts';
import { EditableCalls } from './EditableCalls.tsx';
import './step-mode.css';

interface PausePanelProps {
  point: PausePoint;
  onContinue(edit: PauseEdit): void;
  onStep(edit: PauseEdit): void;
  onStop(): void;
}

function title(point: PausePoint): string {
  switch (point.kind) {
    case 'model-call':
      return `Paused before model call ${point.iteration} (${point.messages.length} ${point.messages.length === 1 ? 'message' : 'messages'} to send)`;
    case 'tool-batch':
      return `Paused before the tool batch of turn ${point.iteration}: edit the calls, then go on`;
    case 'tool-results':
      return `Paused after the tool batch of turn ${point.iteration}: edit what goes back to the model`;
  }
}

/** Step mode's pause: what is about to happen, editable, with Continue / Step / Stop. */
export function PausePanel({ point, onContinue, onStep, onStop }: PausePanelProps) {
  const [calls, setCalls] = useState<ModelToolCall[]>(() => (point.kind === 'tool-batch' ? [...point.calls] : []));
  const [results, setResults] = useState<ToolMessage[]>(() => (point.kind === 'tool-results' ? [...point.messages] : []));
  const edit = (): PauseEdit => (point.kind === 'tool-batch' ? { calls } : point.kind === 'tool-results' ? { toolMessages: results } : {});

  return (
    <section className="pause-panel" aria-label="Paused run" role="region">
      {/* Title and buttons first and never scrolled away: in a short panel only the edits scroll. */}
      <div className="pause-header">
        <h3>{title(point)}</h3>
        <div className="toolbar pause-actions">
          <button type="button" className="primary" onClick={() => onContinue(edit())}>
            Continue
          </button>
          <button type="button" onClick={() => onStep(edit())} title="Go on to the next pause point">
            Step
          </button>
          <button type="button" onClick={onStop}>
            Stop
          </button>
        </div>
      </div>
      {point.kind !== 'model-call' && (
        <div className="pause-body">
          {point.kind === 'tool-batch' && <EditableCalls calls={calls} onChange={setCalls} />}
          {point.kind === 'tool-results' &&
            results.map((message, index) => (
              <label key={message.toolCallId} className="stacked pause-result">
                <span>
                  Result of <code>{message.name}</code> ({message.toolCallId}){message.isError ? ' · error' : ''}
                </span>
                <textarea
                  aria-label={`Result of ${message.name} ${index + 1}`}
                  rows={3}
                  value={message.content}
                  onChange={(event) =>
                    setResults(results.map((each, at) => (at === index ? { ...each, content: event.target.value } : each)))
                  }
                />
              </label>
            ))}
        </div>
      )}
    </section>
  );
}
