// Public types of the executor core. Other layers (sandbox, agent, trace, ui) code against these,
// so they only ever grow: new optional fields and new union members, never renames or removals.
import type { Embedder } from './discovery/embedder.ts';
import type { TimeoutStrategy } from './timeout-strategy.ts';

/** Why a call failed. Every failure of a call is one of these, never an exception. */
export type ErrorKind = 'unknown_tool' | 'invalid_arguments' | 'execution_error' | 'timeout' | 'aborted' | 'unavailable';

/** One problem with the arguments. `path` is dot-joined with numeric array indexes (`a.b.0`); root is `''`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type ValidationResult = { success: true; data: unknown } | { success: false; issues: ValidationIssue[] };

export interface ToolError {
  kind: ErrorKind;
  message: string;
  /** Present for `invalid_arguments`. */
  issues?: ValidationIssue[];
  /** The failure is transient: trying again later may succeed (whether or not the executor retried). */
  retryable: boolean;
  /**
   * Where in the tool's own source it failed, when the runtime knows (sandboxed tools report it). Kept out
   * of `message`: the model cannot use an editor position, the person fixing the tool can.
   */
  location?: SourceLocation;
}

/** A place in a tool's source, 1-based as editors count. */
export interface SourceLocation {
  line: number;
  column: number;
}

/** A JSON Schema (draft 2020-12) describing the arguments object the model must send. */
export interface JsonSchemaObject {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: unknown;
  [keyword: string]: unknown;
}

/** What the model is shown about a tool. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

/** Time source. Timeouts, backoff and `ctx.sleep` all go through it, so a virtual clock makes runs replayable. */
export interface Clock {
  /** Milliseconds. The real clock returns epoch-based ms; a virtual clock starts wherever it was told. */
  now(): number;
  /** Resolves after `ms`; rejects with `signal.reason` as soon as the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Optional fast path for internal deadlines: calls `callback` after `ms` unless the returned cancel
   * function runs first. Cancelling through an AbortSignal costs tens of microseconds on Node (each
   * abort builds a DOMException), more than the rest of a call; clocks without it still work via `sleep`.
   */
  setTimer?(ms: number, callback: () => void): () => void;
}

export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  factor: number;
  maxDelayMs: number;
}

export interface LogEntry {
  /** Clock time at which the tool logged. */
  time: number;
  attempt: number;
  /** The logged values joined by spaces (strings as they are, other values as JSON). */
  message: string;
}

export interface ToolContext {
  toolCallId: string;
  /** 1-based. */
  attempt: number;
  /**
   * Aborts when the caller aborts or the attempt's deadline passes. Pass it on to fetch and friends.
   * The executor makes it on first read (a getter): when copying a context with a spread, copy
   * `signal` explicitly (`{ ...ctx, signal: ctx.signal }`).
   */
  signal: AbortSignal;
  userId: string | undefined;
  env: Readonly<Record<string, string>>;
  /** The same for every attempt of one call; send it to services that deduplicate writes. */
  idempotencyKey: string;
  /** Sleeps on the executor's clock; rejects when `signal` aborts. */
  sleep(ms: number): Promise<void>;
  /** Captures a log line for this call (shown per call in the UI, put on the result as `logs`). */
  log(...values: unknown[]): void;
  /**
   * Aborts when the executor stops the attempt's work by force (the `abort-then-kill` strategy after its
   * grace period, or a Stop while the work lingers). Only for runtimes that can kill work (a worker);
   * tool code has nothing to do with it. Optional so contexts built by hand stay valid.
   */
  killSignal?: AbortSignal;
  /**
   * Waits on the executor's clock and, unlike `sleep`, ignores the signal: what a plain `setTimeout`
   * does. The sandbox runs user code's `setTimeout` on it, so timers follow slow motion and virtual time.
   */
  delay?(ms: number): Promise<void>;
  /**
   * Reports how far a long call has got (drawn as ticks on the call's bar). It never moves the deadline.
   * Optional only so contexts built outside the executor (tests, wrappers) still type-check; the executor
   * always sets it.
   */
  progress?(update: ProgressUpdate): void;
  /**
   * Records a message the tool exchanged with a remote service (an MCP server's JSON-RPC), so the
   * inspector can show the call's traffic with timing. Optional for the same reason as `progress`.
   */
  traffic?(direction: TrafficDirection, message: unknown): void;
}

/** What a tool says about its progress: `progress` grows; `total` is known or not. */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** A progress report as the timeline keeps it: when, in which attempt. */
export interface ProgressEntry extends ProgressUpdate {
  time: number;
  attempt: number;
}

/** `sent`: from the tool to the service; `received`: from the service. */
export type TrafficDirection = 'sent' | 'received';

export interface TrafficEntry {
  time: number;
  attempt: number;
  direction: TrafficDirection;
  /** The message as exchanged (a JSON-RPC object for MCP). */
  message: unknown;
}

/** What a health check answers. `detail` and `message` are the same text (`message` is the older name). */
export interface HealthStatus {
  healthy: boolean;
  detail?: string;
  message?: string;
  /** Clock time at which the check finished; set by the executor on what it reports. */
  checkedAt?: number;
}

/**
 * What a tool's `healthCheck` may answer: a status, or a bare boolean (`true` = healthy), as checks
 * written as `health_check() -> bool` do.
 */
export type HealthAnswer = HealthStatus | boolean;

/** The health of a tool as the executor last found it. */
export interface ToolHealth extends HealthStatus {
  checkedAt: number;
}

export interface HealthCheckContext {
  /** Aborts when the check's timeout passes (or periodic checks stop). Pass it on to fetch. */
  signal: AbortSignal;
  /** Sleeps on the executor's clock; rejects when `signal` aborts. */
  sleep(ms: number): Promise<void>;
  env: Readonly<Record<string, string>>;
}

/**
 * The low-level tool the executor runs. `defineTool` builds one from a zod schema; the sandbox builds
 * one whose validation happens in a worker (hence `validate` may be async).
 */
export interface Tool<Input = unknown, Output = unknown> {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
  validate(args: unknown, signal: AbortSignal): ValidationResult | Promise<ValidationResult>;
  execute(input: Input, ctx: ToolContext): Output | Promise<Output>;
  /** Per-attempt limit; wins over the run's and the executor's. */
  timeoutMs?: number;
  /** Only idempotent tools are retried automatically. */
  idempotent?: boolean;
  retry?: Partial<RetryPolicy>;
  /** What happens to the work at the deadline; wins over the run's and the executor's. */
  timeoutStrategy?: TimeoutStrategy;
  /** With `abort-then-kill`: how long after the deadline unsettled work is killed. */
  killGraceMs?: number;
  /**
   * The work can be stopped by force: `execute` listens to `ctx.killSignal` (the sandbox terminates the
   * worker). Work that cannot be killed is left to settle whenever it does.
   */
  killable?: boolean;
  /** Names this implementation among the versions deployed under one name (see `ToolExecutor.deploy`). */
  version?: string;
  /**
   * `validate` never reads its `signal` (zod's parse does not), so the executor may skip making one:
   * a signal costs more than the rest of a call on Node. `defineTool` sets it; leave it unset when
   * `validate` passes the signal on (the sandbox's validation in a worker does).
   */
  validationIgnoresSignal?: boolean;
  /**
   * The executor always passes `ctx`; it is optional in this type only so that code written before it
   * existed, which calls `healthCheck()` itself, still compiles.
   */
  healthCheck?(ctx?: HealthCheckContext): HealthAnswer | Promise<HealthAnswer>;
}

/** A tool call as a provider sends it. `arguments` is an object or JSON text; `''` means `{}`. */
export interface ToolCall {
  id?: string;
  name: string;
  arguments: unknown;
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

/** A finished call: a value, or an error the model can read. Never thrown, always returned. */
export type ToolCallResult = ToolCallSuccess | ToolCallFailure;

export interface ExecuteOptions {
  /** Aborts running attempts, cancels queued calls and pending retry waits. */
  signal?: AbortSignal;
  /** Extra limit for this batch, on top of the executor's own limit. */
  concurrency?: number;
  /** Per-attempt timeout for this run, used for tools that declare none. */
  timeoutMs?: number;
  /** Timeout strategy for this run, used for tools that declare none. */
  timeoutStrategy?: TimeoutStrategy;
  /** Kill grace for this run, used for tools that declare none. */
  killGraceMs?: number;
  /**
   * Decides which version of a tool serves the call while a canary takes part of the traffic: the same
   * key always gets the same version. Pass a conversation id so a conversation never flips between
   * versions. Default: the call's id.
   */
  routingKey?: string;
}

export interface ExecutorOptions {
  /** Default 10_000. */
  timeoutMs?: number;
  /** What happens to an attempt's work at its deadline. Default `abort-then-kill`. */
  timeoutStrategy?: TimeoutStrategy;
  /** Default 2_000. */
  killGraceMs?: number;
  /** Work whose strategy never kills it is killed this long after its deadline. Default 60_000. */
  lingerLimitMs?: number;
  /** Calls running at once across all runs of this executor. Default Infinity. */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
  clock?: Clock;
  userId?: string;
  env?: Record<string, string>;
  /** Source of jitter and generated ids; seed it for deterministic runs. Default Math.random. */
  random?: () => number;
  /** Cap on JSON argument text, in characters. Default 100_000. */
  maxArgumentsLength?: number;
  /** Cap on nesting of arguments. Default 32. */
  maxArgumentsDepth?: number;
  /** Turns texts into vectors for `discover`. Default: the offline `LexicalEmbedder` (TF-IDF). */
  embedder?: Embedder;
  /** Limit on each health check. Default: `timeoutMs`. */
  healthCheckTimeoutMs?: number;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface ToolMetrics {
  calls: number;
  successes: number;
  errors: Partial<Record<ErrorKind, number>>;
  retries: number;
  /** Milliseconds, over the most recent calls (bounded window). */
  latencyMs: LatencySummary;
  /** The same counts split by the version that served the call; present once a versioned call ended. */
  byVersion?: Record<string, VersionMetrics>;
}

export interface VersionMetrics {
  calls: number;
  successes: number;
  errors: Partial<Record<ErrorKind, number>>;
}

/** Tool calls the model made while discovery chose what to offer: `hits` were offered, `misses` were not. */
export interface DiscoveryMetrics {
  hits: number;
  misses: number;
}

export interface MetricsSnapshot {
  /** Calls running right now. */
  concurrency: number;
  peakConcurrency: number;
  /** Calls waiting for a slot right now. */
  queued: number;
  totals: { calls: number; successes: number; errors: number; retries: number };
  tools: Record<string, ToolMetrics>;
  /** Always set by the executor; optional so that snapshots built elsewhere stay valid. */
  discovery?: DiscoveryMetrics;
}
