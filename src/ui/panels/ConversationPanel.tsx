import { useState, type ReactNode } from 'react';
import type { ChatMessage } from '../../llm/types.ts';
import type { LiveCallStatus } from '../../store/live-call-status.ts';
import { ConversationMessage } from './ConversationMessage.tsx';

export interface ConversationPanelProps {
  messages: ChatMessage[];
  callStatus: Record<string, LiveCallStatus>;
  /** Tools offered per turn (with discovery on), by the index of the turn's assistant message. */
  offeredTools?: Record<number, string[]>;
  running: boolean;
  /** How the last run ended, e.g. "final_answer after 2 iterations". */
  outcome: string | null;
  /** A model or provider error to show in place (401, 429, CORS…). */
  error: string | null;
  scenarios: { id: string; name: string }[];
  selectedScenarioId: string | null;
  onSelectScenario(id: string): void;
  onRunScenario(): void;
  onSend(text: string): void;
  onStop(): void;
  onClear(): void;
  /** Rendered above the transcript: the model provider picker. */
  providerControls: ReactNode;
  /** Rendered under the scenario picker: the scenario's JSON editor. */
  scenarioEditor: ReactNode;
  /** Rendered after Clear: the Step toggle. */
  stepToggle?: ReactNode;
  /** Rendered at the end of the transcript: a paused run's editor. */
  pausePanel?: ReactNode;
  /** Fork the finished run from message `index`. */
  onFork?(index: number): void;
}

export function ConversationPanel(props: ConversationPanelProps) {
  const { messages, callStatus, running, outcome, error, scenarios, selectedScenarioId } = props;
  const [draft, setDraft] = useState('');
  const send = () => {
    if (!draft.trim() || running) return;
    props.onSend(draft.trim());
    setDraft('');
  };
  return (
    <div className="conversation">
      {props.providerControls}
      <div className="scenario-row">
        <select aria-label="Scenario" value={selectedScenarioId ?? ''} onChange={(event) => props.onSelectScenario(event.target.value)}>
          {scenarios.length === 0 && <option value="">No scenarios</option>}
          {scenarios.map((scenario) => (
            <option key={scenario.id} value={scenario.id}>
              {scenario.name}
            </option>
          ))}
        </select>
        <button type="button" className="primary" disabled={running || !selectedScenarioId} onClick={props.onRunScenario}>
          Run scenario
        </button>
        <button type="button" disabled={!running} onClick={props.onStop} title="Stop (Esc)">
          Stop
        </button>
        <button type="button" disabled={running || messages.length === 0} onClick={props.onClear}>
          Clear
        </button>
        {props.stepToggle}
      </div>
      {props.scenarioEditor}
      <div className="transcript" aria-live="polite" aria-label="Transcript">
        {messages.length === 0 && <p className="empty-hint">Run a scenario or send a message. The mock model needs no key.</p>}
        {messages.map((message, index) => (
          <ConversationMessage
            key={index}
            message={message}
            callStatus={callStatus}
            offeredTools={props.offeredTools?.[index]}
            onFork={props.onFork && !running ? () => props.onFork?.(index) : undefined}
          />
        ))}
        {props.pausePanel}
        {running && (
          <p className="run-status" role="status">
            Running…
          </p>
        )}
        {outcome && !running && (
          <p className="run-status" role="status">
            {outcome}
          </p>
        )}
        {error && (
          <p className="run-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <textarea
          aria-label="Message"
          rows={2}
          value={draft}
          placeholder="Ask something that needs a tool, e.g. “What's the weather in Paris?”"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
        <button type="submit" className="primary" disabled={running || !draft.trim()}>
          Send
        </button>
      </form>
    </div>
  );
}
