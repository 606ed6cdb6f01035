// Types the code editor knows about: what the sandbox hands to a tool's `execute(input, ctx)`. The core's
// ToolContext, the worker's context and an export's text are checked against this file (tool-context.test.ts).

interface ToolFetchResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  /** A real Headers object: read one with headers.get('retry-after') (names are case-insensitive). */
  readonly headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

interface ToolContext {
  /** Id of this tool call, as the model sent it (or generated). */
  readonly toolCallId: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number;
  /** Aborts when the call times out or the user presses Stop. Pass it on to long-running work. */
  readonly signal: AbortSignal;
  readonly userId: string | undefined;
  readonly env: Readonly<Record<string, string>>;
  /** The same for every attempt of this call: send it to services that deduplicate writes. */
  readonly idempotencyKey: string;
  /** Waits `ms` on the run's clock (slow motion applies); rejects when `signal` aborts. */
  sleep(ms: number): Promise<void>;
  /** Captured log line, shown with the call's result. */
  log(...values: unknown[]): void;
  /**
   * fetch through the host page: only origins in Settings → Network allowlist are reachable, and the
   * request is aborted when the call's signal fires.
   */
  fetch(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<ToolFetchResponse>;
}

/** `import { TransientError } from 'toolscope'`: errors that tell the executor how to treat a failure. */
declare module 'toolscope' {
  /** Worth retrying (for idempotent tools): 503, a timeout upstream, a dropped connection. */
  export class TransientError extends Error {
    readonly retryable: true;
    readonly retryAfterMs: number | undefined;
    constructor(message: string, options?: { retryAfterMs?: number; cause?: unknown });
  }
  /** Never retried: retrying would fail the same way (permission denied, not found). */
  export class PermanentError extends Error {
    readonly retryable: false;
    constructor(message: string, options?: { cause?: unknown });
  }
  /** Arguments that passed the schema but make no sense together; the model reads the issues. */
  export class InvalidArgumentsError extends Error {
    readonly issues: { path: string; message: string }[];
    constructor(message: string, issues?: { path: string; message: string }[]);
  }
}
