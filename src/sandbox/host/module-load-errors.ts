import type { ThrownError } from '../protocol/worker-messages.ts';
import { findDefaultExport, type SourceError, type SourcePosition } from '../transpile.ts';
import { positionFromStack, toUserPosition, type ModulePositions } from '../worker-source.ts';
import { SessionEndedError, SessionTimeoutError } from './worker-session.ts';
import { messageOf } from '../../core/index.ts';

// Turns whatever stopped a user module from loading into `{ line, column, message }` for an editor
// marker. Positions come from the worker's stack traces and error events, which line up with the
// user's source because the module is the first thing in the worker script (see worker-source.ts).

const start: SourcePosition = { line: 1, column: 1 };

/**
 * Whose failure a failed compile or load is: the sandbox's (its iframe crashed or was rebuilt, a worker
 * could not start or get its dependencies ready), worth another try and never the verdict on the
 * sources; or the source's (it does not parse, throws, exports the wrong thing, never finishes).
 */
export type FailureKind = 'sandbox' | 'source';

/** A session that ended because the sandbox crashed is the sandbox's failure; every other end is the module's. */
export function failureKindOf(failure: unknown): FailureKind {
  return failure instanceof SessionEndedError && failure.end.kind === 'crashed' ? 'sandbox' : 'source';
}

/**
 * An error thrown by user code: "TypeError: z.strin is not a function" (plain "Error" is left out).
 * V8 names the transpiled expression (`_zod.z.strin`); the `_zod.` that sucrase added is taken out.
 */
export function describeThrownError(error: ThrownError): string {
  const message = error.message.replace(/\b_(?:zod|toolscope)\d*\./g, '');
  return error.name && error.name !== 'Error' && !message.startsWith(error.name) ? `${error.name}: ${message}` : message;
}

export function thrownErrorToSourceError(error: ThrownError, source: string, module: ModulePositions): SourceError {
  // The module ran but exports the wrong thing: the place to fix is its `export default`.
  if (error.name === 'ExportShapeError') return { ...findDefaultExport(source), message: error.message };
  const position = positionFromStack(error.stack, module) ?? start;
  return { ...position, message: describeThrownError(error) };
}

/** A failure to load, start or describe the module: session ended, timed out, or the sandbox is gone. */
export function loadFailureToSourceError(failure: unknown, module: ModulePositions, timeoutMs: number): SourceError {
  if (failure instanceof SessionEndedError) {
    const { end } = failure;
    if (end.kind === 'worker-error') {
      const position = toUserPosition(end.line, end.column, module) ?? start;
      return { ...position, message: end.message.replace(/^Uncaught /, '') };
    }
    return { ...start, message: failure.message };
  }
  if (failure instanceof SessionTimeoutError) {
    return { ...start, message: `The module did not finish loading within ${timeoutMs} ms: is there an endless loop at its top level?` };
  }
  return { ...start, message: messageOf(failure) };
}
