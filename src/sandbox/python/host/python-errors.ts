import { PermanentError, ToolUnavailableError } from '../../../core/index.ts';
import type { ThrownError } from '../../protocol/worker-messages.ts';
import type { SourceError } from '../../transpile.ts';
import { describeThrownError } from '../../host/module-load-errors.ts';
import { coreErrorOf, LocatedError, SandboxedToolError } from '../../host/worker-errors.ts';
import type { CallErrors } from '../../host/call-errors.ts';
import type { SessionEndedError } from '../../host/worker-session.ts';

// A Python tool's failures as the executor's errors. toolscope.py already reduced each exception to
// its type, its message and the line of the tool's own source it came from (never a wasm stack), so
// the model reads "ZeroDivisionError: division by zero" (the type is part of what a Python programmer
// reads) and the editor marks the line.

export function pythonSourceError(error: ThrownError): SourceError {
  return { line: error.line ?? 1, column: error.column ?? 1, message: describeThrownError(error) };
}

export const pythonCallErrors: CallErrors = {
  thrown(error) {
    const position = error.line === undefined ? undefined : { line: error.line, column: error.column ?? 1 };
    // The traceback (the tool's own frames) goes where the stack of a TypeScript error goes: the inspector.
    return coreErrorOf(error) ?? new SandboxedToolError({ ...error, stack: error.traceback }, position);
  },
  ended(failure: SessionEndedError) {
    const { end } = failure;
    if (end.kind === 'crashed') return new ToolUnavailableError(end.message);
    if (end.kind === 'protocol-error') return new PermanentError(end.message);
    if (end.kind === 'worker-error') return new ToolUnavailableError(`The Python worker failed: ${end.message}`);
    return new Error('The tool was stopped');
  },
  loadFailed(error) {
    return new LocatedError(
      `The tool's code failed to load: ${error?.message ?? 'unknown error'}`,
      error && { line: error.line, column: error.column },
    );
  },
};
