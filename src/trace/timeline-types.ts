// The shapes the timeline draws. Times are clock milliseconds (the run's own clock), never pixels:
// the viewport turns them into fractions, and only the drawing layer turns fractions into pixels.
import type {
  AttemptOutcome,
  KillReason,
  LogEntry,
  ProgressEntry,
  TimeoutStrategy,
  ToolCallResult,
  ToolError,
  TrafficEntry,
  WaitReason,
} from '../core/index.ts';
import type { AgentError } from '../agent/index.ts';
import type { CallStatus } from './call-status.ts';
import type { FinishReason, Usage } from '../llm/index.ts';

/**
 * queued: waiting for a concurrency slot. validating: holding a slot while the arguments are checked.
 * attempt: the tool running. backoff: waiting before the next attempt. ghost: an attempt that ignored its
 * abort, still running after the executor gave up on it, up to its late settle. Within an attempt, what it
 * waited on (ToolContext.wait): waiting, on the person (its deadline stood still); connecting, for a free
 * connection; sampling, a model answering for the tool (a server's sampling request), drawn as a model call.
 */
export type SegmentKind = 'queued' | 'validating' | 'attempt' | 'waiting' | 'connecting' | 'sampling' | 'backoff' | 'ghost';

/** One wait of an attempt, from its start and end events. */
export interface WaitRecord {
  attempt: number;
  /** Pairs with the attempt's events: 1, 2, … within the attempt. */
  wait: number;
  on: WaitReason;
  start: number;
  /** Absent while it waits. */
  end?: number;
  /** What the tool said when it began, then when it ended (the end's words win). */
  message?: string;
  /** For a model's answer: which model, and the tokens it used. */
  model?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

export interface TimelineSegment {
  kind: SegmentKind;
  start: number;
  end: number;
  /** 1-based; on attempt, backoff (the attempt that failed) and ghost segments. */
  attempt?: number;
  /** On finished attempts; `undefined` while the attempt runs. */
  outcome?: AttemptOutcome;
  /** The segment has not ended: `end` is "now". */
  open: boolean;
  /** On ghost segments: how the lingering work ended (open: still running). */
  ghostEnd?: 'late-success' | 'late-error' | 'killed';
}

export interface AttemptRecord {
  attempt: number;
  start: number;
  /** Clock time at which its signal aborts for timeout (moved on by the time it waited on the person). */
  deadline: number;
  /** Set while its deadline stands still (it waits on the person): since when. */
  deadlinePausedAt?: number;
  timeoutMs: number;
  end?: number;
  outcome?: AttemptOutcome;
  error?: ToolError;
  retryDelayMs?: number;
  retryReason?: string;
  retryAfterMs?: number;
  /** When the ignored work finally settled, and how. */
  lateSettleAt?: number;
  lateOutcome?: 'success' | 'error';
  lateErrorMessage?: string;
  /** What the executor does with the work at the deadline, and when it kills work still running. */
  timeoutStrategy?: TimeoutStrategy;
  killAfterMs?: number;
  /** The attempt ended while its work still ran: a ghost until `lateSettleAt` or `killedAt`. */
  workRunning?: boolean;
  killedAt?: number;
  killReason?: KillReason;
}

export interface CallRow {
  kind: 'call';
  /** Unique in the run: the tool call id (suffixed if a run reuses an id). */
  key: string;
  toolCallId: string;
  name: string;
  /** The agent iteration that asked for it; 0 for a test call. */
  iteration: number;
  batchId?: string;
  /** The version of the tool that served it, when the tool has versions. */
  version?: string;
  /** Position in its batch. */
  index: number;
  /** As the model sent them (object or JSON text). */
  arguments: unknown;
  queuedAt: number;
  /** When it left the queue; absent while queued and for calls that never ran. */
  startedAt?: number;
  endedAt?: number;
  status: CallStatus;
  attempts: AttemptRecord[];
  logs: LogEntry[];
  /** Progress reports, drawn as ticks on the bar (an MCP server's notifications/progress). */
  progress: ProgressEntry[];
  /** Messages the tool exchanged with a remote service (an MCP call's JSON-RPC), for the inspector. */
  traffic: TrafficEntry[];
  /** What its attempts waited on besides their own work: the person, a connection, a model. */
  waits: WaitRecord[];
  result?: ToolCallResult;
  /** Concurrency slot it ran in (0-based), from the lane assignment. */
  lane?: number;
  segments: TimelineSegment[];
  /** Deadlines of its attempts. */
  deadlines: number[];
}

export interface ModelCallRecord {
  iteration: number;
  start: number;
  end?: number;
  open: boolean;
  modelId: string;
  messageCount: number;
  latencyMs?: number;
  usage?: Usage;
  finishReason?: FinishReason;
  toolCallCount?: number;
  error?: AgentError;
}

export interface ModelRow {
  kind: 'model';
  key: 'model';
  calls: ModelCallRecord[];
}

export interface IterationRow {
  kind: 'iteration';
  key: string;
  iteration: number;
  start: number;
  end: number;
  open: boolean;
}

export type TimelineRow = ModelRow | IterationRow | CallRow;

export interface LaneModel {
  /** Slots ever used at once (the peak concurrency). */
  count: number;
  /** Step function of calls running: `count` from `time` until the next step. */
  steps: { time: number; count: number }[];
}

/** A moment the run changed course from outside, drawn as a line across the chart: a live Rollback. */
export interface TimelineMark {
  time: number;
  /** "Rollback: flaky_api → v1" */
  label: string;
}

export interface TimelineModel {
  /** Display order: the model row, then each iteration's header followed by its calls. */
  rows: TimelineRow[];
  calls: CallRow[];
  lanes: LaneModel;
  marks: TimelineMark[];
  /** Clock time of the first event, the origin of every relative time shown. */
  start: number;
  /** The later of the last event and `now` while something is still open. */
  end: number;
  /** Something is still running (a call or a model call, or work past its deadline). */
  live: boolean;
  /** Work that outlived its deadline still runs (an open ghost): the run's answer may be in, the work is not done. */
  lingering?: boolean;
}
