import { useState } from 'react';
import type { ChatMessage, ModelToolCall } from '../../../llm/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';
import { EditableCalls } from './EditableCalls.tsx';
import './step-mode.css';

interface ForkDialogProps {
  message: ChatMessage & { role: 'assistant' | 'tool' };
  onRun(edited: ChatMessage): void;
  onClose(): void;
}

/** Edit one step of a finished run, then run on from it as a new branch. */
export function ForkDialog({ message, onRun, onClose }: ForkDialogProps) {
  const [calls, setCalls] = useState<ModelToolCall[]>(() => (message.role === 'assistant' ? [...message.toolCalls] : []));
  const [content, setContent] = useState(message.role === 'tool' ? message.content : '');
  const edited = (): ChatMessage => (message.role === 'assistant' ? { ...message, toolCalls: calls } : { ...message, content });
  return (
    <Dialog
      title={message.role === 'tool' ? `Fork from the result of ${message.name}` : 'Fork from this model turn'}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={() => onRun(edited())}>
            Run branch
          </button>
        </>
      }
    >
      <div className="fork-editor">
        <p className="hint">
          {message.role === 'tool'
            ? 'The run up to this batch is replayed from the record (no tool runs, no model request); the model then answers the edited result.'
            : 'The run before this turn is replayed from the record; this turn, as edited, is played back instead of asking the model, and its calls run.'}
        </p>
        {message.role === 'tool' && (
          <p className="hint">Edited, the result counts as a success unless it is a JSON object with an "error" field.</p>
        )}
        <p className="hint">The branch is kept in Runs under this run, where Compare with parent puts the two side by side.</p>
        {message.role === 'tool' ? (
          <textarea aria-label="Edited tool result" rows={6} value={content} onChange={(event) => setContent(event.target.value)} />
        ) : (
          <EditableCalls calls={calls} onChange={setCalls} />
        )}
      </div>
    </Dialog>
  );
}
