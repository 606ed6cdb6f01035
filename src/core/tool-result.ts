// What a finished call reports: a value or an error, with its attempts, logs, progress and traffic.
import type { ErrorKind, ToolError } from './tool-error.ts';
import type { ProgressUpdate, TrafficDirection } from './tool-context.ts';

/** A finished call: a value, or an error the model can read. Never thrown, always returned. */
export type ToolCallResult = ToolCallSuccess | ToolCallFailure;

export interface ToolCallSuccess extends ToolCallResultCommon {
  status: 'success';
  /** The tool's value, as the model will read it (see `formatForModel`). */
  result: unknown;
}

export interface ToolCallFailure extends ToolCallResultCommon {
  status: 'error';
  error: ToolError;
  /**
   * What the model reads beside the message, when there is more to say: the validation issues, the
   * tools that do exist, a tool's own error details. The model reads `{ error: message, details }`.
   */
  details?: unknown;
}

/** What every finished call carries, whatever its outcome. */
interface ToolCallResultCommon {
  toolCallId: string;
  name: string;
  /** Attempts that ran the tool (0 when it never ran: unknown tool, invalid arguments, cancelled in queue). */
  attempts: number;
  /** When the call was queued. */
  queuedAt: number;
  /** When the call left the queue (equals `endedAt` if it never did). */
  startedAt: number;
  endedAt: number;
  /** `endedAt - startedAt`: time spent running, queue time excluded. */
  durationMs: number;
  version?: string;
  logs: LogEntry[];
  attemptsDetail: AttemptDetail[];
  batchId?: string;
  /**
   * Keys the model sent that validation dropped because the schema does not know them (a plain
   * `z.object` strips them), as paths like `units` or `options.0.verbose`. The call still ran without
   * them; `formatForModel` tells the model so. Absent when nothing was ignored.
   */
  ignoredKeys?: string[];
}

/** 'success' or the kind of error that ended the attempt. */
export type AttemptOutcome = 'success' | ErrorKind;

/** One attempt as the inspector shows it. */
export interface AttemptDetail {
  attempt: number;
  startedAt: number;
  /** Clock time at which the attempt's signal aborts for timeout. */
  deadline: number;
  endedAt: number;
  outcome: AttemptOutcome;
  error?: ToolError;
  /** Set when another attempt follows: the wait before it and why. */
  retryDelayMs?: number;
  retryReason?: string;
  /** The server's requested delay, when it was honoured. */
  retryAfterMs?: number;
  /** The attempt ended while its work still ran (see `AttemptEndEvent.workRunning`). */
  workRunning?: boolean;
}

export interface LogEntry {
  /** Clock time at which the tool logged. */
  time: number;
  attempt: number;
  /** The logged values joined by spaces (strings as they are, other values as JSON). */
  message: string;
}

/** A progress report as the timeline keeps it: when, in which attempt. */
export interface ProgressEntry extends ProgressUpdate {
  time: number;
  attempt: number;
}

export interface TrafficEntry {
  time: number;
  attempt: number;
  direction: TrafficDirection;
  /** The message as exchanged (a JSON-RPC object for MCP). */
  message: unknown;
}
