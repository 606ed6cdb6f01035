import { PermanentError, ToolUnavailableError, TransientError } from './errors.ts';
import type { ErrorKind } from './tool-error.ts';

export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  factor: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1000, factor: 2, maxDelayMs: 10_000 };

/** Statuses that say "not now" rather than "never": timeout, too early, rate limit and 5xx gateways. */
export const transientStatuses: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Merges the layers, most specific last, ignoring `undefined` so a partial never erases a default. */
export function resolveRetryPolicy(...layers: (Partial<RetryPolicy> | undefined)[]): RetryPolicy {
  const policy = { ...defaultRetryPolicy };
  for (const layer of layers) {
    if (!layer) continue;
    for (const key of Object.keys(defaultRetryPolicy) as (keyof RetryPolicy)[]) {
      const value = layer[key];
      if (typeof value === 'number' && !Number.isNaN(value)) policy[key] = value;
    }
  }
  policy.maxAttempts = Math.max(1, Math.floor(policy.maxAttempts));
  return policy;
}

export interface Classification {
  transient: boolean;
  /** Why, in words for the timeline: `timeout`, `status 503`, `TransientError`... */
  reason: string;
}

/**
 * Decides whether a failure is worth another attempt. Unknown errors are not: retrying a bug only
 * repeats it (and its side effects).
 */
export function classifyFailure(kind: ErrorKind, thrown: unknown): Classification {
  if (kind === 'timeout') return { transient: true, reason: 'timeout' };
  if (kind === 'aborted' || kind === 'invalid_arguments' || kind === 'unknown_tool') return { transient: false, reason: kind };
  if (thrown instanceof PermanentError) return { transient: false, reason: 'PermanentError' };
  if (thrown instanceof TransientError) return { transient: true, reason: 'TransientError' };
  if (thrown instanceof ToolUnavailableError || kind === 'unavailable') return { transient: true, reason: 'unavailable' };
  if (thrown === null || typeof thrown !== 'object') return { transient: false, reason: 'error' };
  const fields = thrown as { retryable?: unknown; status?: unknown; statusCode?: unknown };
  if (fields.retryable === true) return { transient: true, reason: 'retryable error' };
  if (fields.retryable === false) return { transient: false, reason: 'error marked not retryable' };
  const status = typeof fields.status === 'number' ? fields.status : fields.statusCode;
  if (typeof status === 'number') return { transient: transientStatuses.has(status), reason: `status ${status}` };
  return { transient: false, reason: 'error' };
}

/**
 * Delay before the attempt after `failedAttempt` (1-based). Exponential, capped, with *equal jitter*:
 * half the capped delay is fixed and half is random. Full jitter spreads load slightly better, but
 * equal jitter keeps a floor, so the backoff stays visibly exponential on the timeline and a retry never
 * fires immediately at a service that just failed.
 */
export function backoffDelay(failedAttempt: number, policy: RetryPolicy, random: () => number): number {
  const exponential = policy.baseDelayMs * policy.factor ** Math.max(0, failedAttempt - 1);
  const capped = Math.max(0, Math.min(policy.maxDelayMs, exponential));
  const fraction = Math.min(1, Math.max(0, random()));
  return Math.round(capped / 2 + fraction * (capped / 2));
}
