import { describeIssues, InvalidArgumentsError, messageOf, ToolUnavailableError } from './errors.ts';
import { classifyFailure } from './retry-policy.ts';
import type { ErrorKind, SourceLocation, ToolError, ValidationIssue } from './tool-error.ts';
import type { ToolCallResult } from './tool-result.ts';

// Every failure message is written for the model: it says what went wrong and, where it can, how to fix it.

export function unknownToolError(name: string, available: readonly string[]): ToolError {
  const list = available.length > 0 ? `Available tools: ${available.join(', ')}.` : 'No tools are available.';
  return { kind: 'unknown_tool', message: `Unknown tool "${name}". ${list}`, retryable: false };
}

export function invalidArgumentsError(name: string, issues: ValidationIssue[]): ToolError {
  return {
    kind: 'invalid_arguments',
    message: `Invalid arguments for tool "${name}": ${describeIssues(issues)}`,
    issues,
    retryable: false,
  };
}

export function timeoutError(name: string, timeoutMs: number, during = ''): ToolError {
  return { kind: 'timeout', message: `Tool "${name}" timed out${during} after ${timeoutMs} ms`, retryable: true };
}

export function abortedError(name: string, reason: unknown, when = ''): ToolError {
  const detail = reason === undefined ? '' : `: ${messageOf(reason)}`;
  return { kind: 'aborted', message: `Call to tool "${name}" was aborted${when}${detail}`, retryable: false };
}

export function unavailableError(name: string, why?: string): ToolError {
  return { kind: 'unavailable', message: `Tool "${name}" is unavailable${why ? `: ${why}` : ''}`, retryable: true };
}

/** Maps what a tool threw to an error. The tool's own message is kept as it is. */
export function thrownError(name: string, thrown: unknown): ToolError {
  if (thrown instanceof InvalidArgumentsError) return invalidArgumentsError(name, thrown.issues);
  const kind: ErrorKind = thrown instanceof ToolUnavailableError ? 'unavailable' : 'execution_error';
  const message = messageOf(thrown);
  const location = sourceLocationOf(thrown);
  return {
    kind,
    message: message === '' ? `Tool "${name}" threw an error without a message` : message,
    retryable: classifyFailure(kind, thrown).transient,
    ...(location ? { location } : {}),
  };
}

/** `thrown.sourceLocation`, set by runtimes that know where in the tool's source an error came from. */
export function sourceLocationOf(thrown: unknown): SourceLocation | undefined {
  const location = (thrown as { sourceLocation?: unknown } | null)?.sourceLocation as Partial<SourceLocation> | undefined;
  return typeof location?.line === 'number' && typeof location.column === 'number' && location.line >= 1 && location.column >= 1
    ? { line: location.line, column: location.column }
    : undefined;
}

/** What the model reads for a failed call. */
export function modelFacingError(error: ToolError, details?: unknown): { error: string; details?: unknown } {
  return details === undefined ? { error: error.message } : { error: error.message, details };
}

/** A call's error, or undefined when it succeeded (or has not ended): for readers that only ask "why did it fail?". */
export function errorOf(result: ToolCallResult | null | undefined): ToolError | undefined {
  return result?.status === 'error' ? result.error : undefined;
}
