// The events an executor emits, one interface per event type: the timeline, metrics and traces fold them.
import type { KillReason, TimeoutStrategy } from './timeout-strategy.ts';
import type { ToolError } from './tool-error.ts';
import type { AttemptOutcome, LogEntry, ProgressEntry, ToolCallResult, TrafficEntry } from './tool-result.ts';
import type { WaitDetail, WaitReason } from './tool-context.ts';

interface EventBase {
  time: number;
  toolCallId: string;
  name: string;
  /** Set on events of calls made through `executeBatch`. */
  batchId?: string;
  /** The version of the tool that serves the call, when the tool has one. */
  version?: string;
}

export interface ToolCallQueuedEvent extends EventBase {
  type: 'tool-call-queued';
  /** As received (object or JSON text). */
  arguments: unknown;
  /** Index of the call in its batch (0 for `execute`). */
  index: number;
}

export interface ToolCallStartEvent extends EventBase {
  type: 'tool-call-start';
  /** Calls running in this executor right after this one started (the gauge). */
  concurrency: number;
}

export interface AttemptStartEvent extends EventBase {
  type: 'attempt-start';
  attempt: number;
  deadline: number;
  timeoutMs: number;
  /** What happens to the work at the deadline (absent in runs recorded before strategies existed). */
  timeoutStrategy?: TimeoutStrategy;
  /** When work still running is killed, in ms after the deadline; absent when it cannot be killed. */
  killAfterMs?: number;
}

export interface AttemptEndEvent extends EventBase {
  type: 'attempt-end';
  attempt: number;
  outcome: AttemptOutcome;
  error?: ToolError;
  startedAt: number;
  /** The executor stopped waiting while the work still ran: an `attempt-late-settle` or `attempt-killed` follows. */
  workRunning?: boolean;
}

export interface RetryScheduledEvent extends EventBase {
  type: 'retry-scheduled';
  /** The attempt that failed; the next one is `attempt + 1`. */
  attempt: number;
  delayMs: number;
  reason: string;
  retryAfterMs?: number;
}

export interface AttemptLateSettleEvent extends EventBase {
  type: 'attempt-late-settle';
  attempt: number;
  /** How the ignored work finally ended. Its value is discarded. */
  outcome: 'success' | 'error';
  errorMessage?: string;
}

/** The lingering work of an attempt was stopped by force (the sandbox terminated its worker). */
export interface AttemptKilledEvent extends EventBase {
  type: 'attempt-killed';
  attempt: number;
  reason: KillReason;
}

/** A wait of an attempt began or ended (ToolContext.wait): a phase of the call's bar. */
interface AttemptWaitBase extends EventBase, WaitDetail {
  attempt: number;
  /** Pairs a wait's start and end: 1, 2, … within the attempt. */
  wait: number;
  on: WaitReason;
  /** What the attempt still waits on after this event, each reason once: the call's status follows it. */
  waitingOn: WaitReason[];
  /** The attempt's deadline after this event: it stands still while the attempt waits on the person. */
  deadline: number;
}

export interface AttemptWaitStartEvent extends AttemptWaitBase {
  type: 'attempt-wait-start';
}

/** Also sent for a wait still open when its attempt ended (at that moment, before the attempt's end). */
export interface AttemptWaitEndEvent extends AttemptWaitBase {
  type: 'attempt-wait-end';
}

export interface ToolCallLogEvent extends EventBase {
  type: 'tool-call-log';
  entry: LogEntry;
}

export interface ToolCallProgressEvent extends EventBase {
  type: 'tool-call-progress';
  entry: ProgressEntry;
}

export interface ToolCallTrafficEvent extends EventBase {
  type: 'tool-call-traffic';
  entry: TrafficEntry;
}

export interface ToolCallEndEvent extends EventBase {
  type: 'tool-call-end';
  result: ToolCallResult;
}

export type ExecutorEvent =
  | ToolCallQueuedEvent
  | ToolCallStartEvent
  | AttemptStartEvent
  | AttemptEndEvent
  | RetryScheduledEvent
  | AttemptLateSettleEvent
  | AttemptKilledEvent
  | AttemptWaitStartEvent
  | AttemptWaitEndEvent
  | ToolCallLogEvent
  | ToolCallProgressEvent
  | ToolCallTrafficEvent
  | ToolCallEndEvent;

export type ExecutorEventType = ExecutorEvent['type'];

/** An event as a call emits it: the call adds the time, its id, name, batch and version. */
export type ExecutorEventPayload = ExecutorEvent extends infer Event
  ? Event extends ExecutorEvent
    ? Omit<Event, 'time' | 'toolCallId' | 'name' | 'batchId'>
    : never
  : never;

export type ExecutorListener = (event: ExecutorEvent) => void;
