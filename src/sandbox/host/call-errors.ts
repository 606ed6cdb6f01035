// How a language's failures in a call become the executor's errors: run-code.ts runs the call, and each
// language says how what went wrong reads (TypeScript here; Python in python/host/python-errors.ts).
import type { ThrownError } from '../protocol/worker-messages.ts';
import type { SourceError, TranspiledModule } from '../transpile.ts';
import { LocatedError, sessionEndToError, toCoreError } from './worker-errors.ts';
import type { SessionEndedError } from './worker-session.ts';

/** How a language's failures become the executor's errors (TypeScript: positions from stacks; Python: from tracebacks). */
export interface CallErrors {
  /** What the tool's code threw. */
  thrown(error: ThrownError): Error;
  /** The worker ended before answering. */
  ended(failure: SessionEndedError): Error;
  /** The module failed to load into the call's worker. */
  loadFailed(error: SourceError | undefined): Error;
}

/** A TypeScript tool's errors, located in its transpiled module. */
export function typescriptCallErrors(module: TranspiledModule): CallErrors {
  return {
    thrown: (error) => toCoreError(error, module),
    ended: (failure) => sessionEndToError(failure, module),
    loadFailed: (error) =>
      new LocatedError(
        `The tool's code failed to load: ${error?.message ?? 'unknown error'}`,
        error && { line: error.line, column: error.column },
      ),
  };
}
