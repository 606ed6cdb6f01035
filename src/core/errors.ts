import type { ValidationIssue } from './tool-error.ts';

/** Programmer error: two tools with one name would make the model's choice ambiguous. */
export class DuplicateToolError extends Error {
  override readonly name = 'DuplicateToolError';
  constructor(readonly toolName: string) {
    super(`A tool named "${toolName}" is already registered`);
  }
}

/** Programmer error: two deployments with one version label could not be told apart in results and metrics. */
export class DuplicateVersionError extends Error {
  override readonly name = 'DuplicateVersionError';
  constructor(
    readonly toolName: string,
    readonly version: string,
  ) {
    super(`Version "${version}" of tool "${toolName}" is already deployed`);
  }
}

/**
 * Thrown by a tool that checks its input beyond the schema. Reported as `invalid_arguments`
 * (never retried), so the model can fix its call.
 */
export class InvalidArgumentsError extends Error {
  override readonly name = 'InvalidArgumentsError';
  readonly issues: ValidationIssue[];
  constructor(message: string, issues: ValidationIssue[] = [{ path: '', message }]) {
    super(message);
    this.issues = issues;
  }
}

export interface TransientErrorOptions {
  /** How long the service asked us to wait before trying again. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** A failure worth retrying (for idempotent tools): overload, a dropped connection, a flaky dependency. */
export class TransientError extends Error {
  override readonly name = 'TransientError';
  readonly retryable = true;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: TransientErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A failure that retrying cannot fix (permission denied, not found), whatever its status code says. */
export class PermanentError extends Error {
  override readonly name = 'PermanentError';
  readonly retryable = false;
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}

/**
 * The tool cannot serve now (unhealthy, its sandbox is being rebuilt). Reported as `unavailable`;
 * transient, so idempotent tools are retried.
 */
export class ToolUnavailableError extends Error {
  override readonly name = 'ToolUnavailableError';
  readonly retryable = true;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: TransientErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The message of anything thrown: tools may throw strings, objects or undefined. */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name || 'Error';
  if (typeof thrown === 'string') return thrown;
  if (thrown !== null && typeof thrown === 'object' && typeof (thrown as { message?: unknown }).message === 'string') {
    return (thrown as { message: string }).message;
  }
  try {
    const json = JSON.stringify(thrown);
    if (json !== undefined) return json;
  } catch {
    // A cyclic or BigInt-holding value: fall back to String below.
  }
  return String(thrown);
}

/** Renders issues for a message: `a.b.0: Expected number` with the root shown as `(root)`. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`).join('; ');
}
