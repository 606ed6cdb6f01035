import { useRef, type ReactNode } from 'react';
import type { ChatMessage } from '../../../llm/model-types.ts';
import type { LiveCallStatus } from '../../../trace/index.ts';
import { ConversationMessage } from './ConversationMessage.tsx';
import { useFollowBottom } from './use-follow-bottom.ts';

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
  /** The call selected in the timeline, highlighted among the tool-call chips. */
  selectedToolCallId: string | null;
  onSelectCall(toolCallId: string | null): void;
  /** The Message box and Send (ComposerContainer), under the transcript. */
  composer: ReactNode;
  /** Rendered above the transcript: the model provider picker. */
  providerControls: ReactNode;
  /** Rendered under the provider picker: scenario picker, Run scenario, Speed, Stop, Clear. */
  scenarioControls: ReactNode;
  /** Rendered under the scenario picker: the scenario's JSON editor. */
  scenarioEditor: ReactNode;
  /** Presenter mode's narrow strip: the transcript only (the controls are in the presenter's bar). */
  strip?: boolean;
  /** In the strip, shown instead of a conversation that belongs to another run than the one on show. */
  stripNote?: string | null;
  /** Step mode holds the run: the pause panel takes the composer's place. */
  paused?: boolean;
  /** A paused run's editor, rendered under the transcript while `paused`. */
  pausePanel?: ReactNode;
  /** Fork the finished run from message `index`. */
  onFork?(index: number): void;
}

export function ConversationPanel(props: ConversationPanelProps) {
  const { messages, callStatus, running, outcome, error, strip = false } = props;
  const transcriptRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const follow = useFollowBottom(transcriptRef, contentRef, [messages, callStatus, running, outcome, error]);
  const onFork = props.onFork && !running && !strip ? props.onFork : undefined;
  return (
    <div className={`conversation${strip ? ' strip' : ''}`}>
      {!strip && props.providerControls}
      {!strip && props.scenarioControls}
      {/* While paused the editors give their room to the pause: a short panel cannot show both. */}
      {!strip && !props.paused && props.scenarioEditor}
      <div className="transcript" ref={transcriptRef} aria-live="polite" aria-label="Transcript">
        <div className="transcript-content" ref={contentRef}>
          {messages.length === 0 && <p className="empty-hint">Run a scenario or send a message. The mock model needs no key.</p>}
          {strip && props.stripNote && <p className="empty-hint">{props.stripNote}</p>}
          {!(strip && props.stripNote) &&
            messages.map((message, index) => (
              <ConversationMessage
                key={index}
                index={index}
                message={message}
                callStatus={callStatus}
                offeredTools={props.offeredTools?.[index]}
                selectedToolCallId={props.selectedToolCallId}
                onSelectCall={props.onSelectCall}
                compact={strip}
                onFork={onFork}
              />
            ))}
          {running && (
            <p className="run-status" role="status">
              {props.paused ? 'Paused: edit below, then Continue, Step or Stop.' : 'Running…'}
            </p>
          )}
          {outcome && !running && !(strip && props.stripNote) && (
            <p className="run-status" role="status">
              {outcome}
            </p>
          )}
          {error && !(strip && props.stripNote) && (
            <p className="run-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
      {!follow.following && (
        <button type="button" className="jump-to-latest" onClick={follow.jumpToLatest}>
          ↓ Latest
        </button>
      )}
      {props.paused && props.pausePanel}
      {!strip && !props.paused && props.composer}
    </div>
  );
}
