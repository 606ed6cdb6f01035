// What a tool's `execute` is given while it runs (`ctx`). The editor's ToolContext (the members every tool
// sees, plus the sandbox's fetch) is checked against this one: src/ui/elements/monaco/tool-context.test.ts.

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
   * The executor's clock is the wall clock at normal speed (Clock.realTime), so `sleep` and `delay` may be
   * timed by the tool's own thread: the sandbox then spares a round trip to the executor per wait. Not
   * set under slow motion or virtual time, where only the executor's clock knows when a wait ends.
   */
  readonly realTime?: boolean;
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
  /**
   * The attempt now waits on something besides its own work, until the function returned is called (once;
   * later calls do nothing). `user`: the person (a form a remote server asked them to fill in); the
   * deadline is paused meanwhile, since the person's time is not the tool's, and runs on with what was left
   * when the wait ends. `model`: a model answering for the tool (an MCP server's sampling request).
   * `connection`: the tool's request has no connection yet (a browser keeps six per server). Each is drawn
   * as its own phase of the call's bar; only the person's pauses the deadline, and a Stop still ends the
   * attempt at once. Optional for the same reason as `progress`.
   */
  wait?(on: WaitReason, detail?: WaitDetail): (end?: WaitDetail) => void;
}

/** What a tool says about its progress: `progress` grows; `total` is known or not. */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** `sent`: from the tool to the service; `received`: from the service. */
export type TrafficDirection = 'sent' | 'received';

/** What an attempt waits on besides its own work (see ToolContext.wait). */
export type WaitReason = 'user' | 'model' | 'connection';

/** Words on a wait, and for a model's answer, which model and the tokens it used. */
export interface WaitDetail {
  message?: string;
  model?: string;
  usage?: { inputTokens: number; outputTokens: number };
}
