import { InvalidArgumentsError, PermanentError, ToolUnavailableError, TransientError } from '../../core/index.ts';
import type { ThrownError } from '../protocol/worker-messages.ts';
import type { SourcePosition } from '../transpile.ts';
import { positionFromStack, toUserPosition, type ModulePositions } from '../worker-source.ts';
import { describeThrownError } from './module-load-errors.ts';
import type { SessionEndedError } from './worker-session.ts';

// Rebuilds, on the host, the error user code threw in the worker, as the core's own error classes:
// so `throw new TransientError(...)` from 'toolscope' is retried, InvalidArgumentsError becomes
// `invalid_arguments`, and a crash of the sandbox is `unavailable` (transient) for the executor.

/**
 * An error with the place in the user's source it came from. The core reads `sourceLocation` into the
 * call's error (for the inspector and an editor marker); the message the model reads stays without it.
 */
export class LocatedError extends Error {
  constructor(
    message: string,
    readonly sourceLocation: SourcePosition | undefined,
  ) {
    super(message);
  }
}

/** An error thrown by sandboxed code that is none of the core's classes. Keeps where it happened. */
export class SandboxedToolError extends LocatedError {
  override readonly name = 'SandboxedToolError';
  readonly position: SourcePosition | undefined;
  readonly originalName: string;
  readonly userStack: string | undefined;
  readonly retryable: boolean | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(error: ThrownError, position: SourcePosition | undefined) {
    super(describeThrownError(error), position);
    this.position = position;
    this.originalName = error.name;
    this.userStack = error.stack;
    this.retryable = error.retryable;
    this.status = error.status;
    this.retryAfterMs = error.retryAfterMs;
  }
}

export function toCoreError(error: ThrownError, module: ModulePositions): Error {
  return coreErrorOf(error) ?? new SandboxedToolError(error, positionFromStack(error.stack, module));
}

/** The executor's own error for toolscope's error classes (TypeScript's or Python's, same names), if it is one. */
export function coreErrorOf(error: ThrownError): Error | undefined {
  switch (error.name) {
    case 'TransientError':
      return new TransientError(error.message, error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs });
    case 'PermanentError':
      return new PermanentError(error.message);
    case 'InvalidArgumentsError':
      return new InvalidArgumentsError(error.message, error.issues);
    default:
      return undefined;
  }
}

/** How a worker session ended, as the error the call fails with. */
export function sessionEndToError(failure: SessionEndedError, module: ModulePositions): Error {
  const { end } = failure;
  switch (end.kind) {
    case 'crashed':
      return new ToolUnavailableError(end.message);
    case 'worker-error': {
      const position = toUserPosition(end.line, end.column, module);
      return new SandboxedToolError({ name: 'Error', message: end.message.replace(/^Uncaught /, '') }, position);
    }
    case 'protocol-error':
      return new PermanentError(end.message);
    case 'terminated':
      return new Error('The tool was stopped');
  }
}
