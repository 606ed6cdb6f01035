// What `import { TransientError } from 'toolscope'` gives user code. These mirror the core's error
// classes by name and fields; the host turns them back into the core's own classes (see
// host/worker-errors.ts), so retries and `invalid_arguments` work for sandboxed tools as for others.

class TransientError extends Error {
  override readonly name = 'TransientError';
  readonly retryable = true;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
}

class PermanentError extends Error {
  override readonly name = 'PermanentError';
  readonly retryable = false;
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}

class InvalidArgumentsError extends Error {
  override readonly name = 'InvalidArgumentsError';
  readonly issues: { path: string; message: string }[];
  constructor(message: string, issues: { path: string; message: string }[] = [{ path: '', message }]) {
    super(message);
    this.issues = issues;
  }
}

export const toolscopeModule = Object.freeze({ __esModule: true, TransientError, PermanentError, InvalidArgumentsError });
