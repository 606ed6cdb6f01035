// What a caller hands the executor: a call as a provider sends it, and the options of one run.
import type { TimeoutStrategy } from './timeout-strategy.ts';

/** A tool call as a provider sends it. `arguments` is an object or JSON text; `''` means `{}`. */
export interface ToolCall {
  id?: string;
  name: string;
  arguments: unknown;
}

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
