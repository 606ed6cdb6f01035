import { messageOf, type Result } from '../../../core/index.ts';
import type { PythonDefinition, ThrownError } from '../../protocol/worker-messages.ts';
import type { SourceError } from '../../transpile.ts';
import type { LoadedWorker } from '../../host/loaded-worker.ts';
import { failureKindOf, type FailureKind } from '../../host/module-load-errors.ts';
import { SessionEndedError, SessionTimeoutError, type WorkerSession } from '../../host/worker-session.ts';
import { pythonSourceError } from './python-errors.ts';

// Loading a Python tool's module into a worker with Python booted: the shared first step of a compile
// (which then reads the definition) and of a call (whose worker then runs it). A module's top level
// gets the same limit as a TypeScript one's; booting Python, before that, gets the start-up limit.

export interface PythonWorkerProvider {
  /** How long a module's own top level may run before it counts as stuck (an endless loop). */
  readonly moduleLoadTimeoutMs: number;
  /** How long a worker may take to boot Python before the module runs: the sandbox's own start-up. */
  readonly pythonStartTimeoutMs: number;
  startPythonWorker(role: 'compile' | 'code'): Promise<WorkerSession>;
}

export type PythonModuleLoad = Result<{ definition: PythonDefinition }, { errors: SourceError[]; kind: FailureKind; sessionLost: boolean }>;

/** Runs `source` in the worker and reads its tool's definition; a worker that timed out or died is stopped. */
export async function loadPythonInto(
  host: PythonWorkerProvider,
  session: WorkerSession,
  requestId: number,
  source: string,
  signal?: AbortSignal,
): Promise<PythonModuleLoad> {
  session.send({ type: 'python-load', requestId, source });
  try {
    await session.waitFor((message) => (message.type === 'module-running' && message.requestId === requestId ? true : undefined), {
      signal,
      timeoutMs: host.pythonStartTimeoutMs,
      timeoutMessage: `Python did not start in the sandbox within ${host.pythonStartTimeoutMs} ms`,
    });
  } catch (failure) {
    session.terminate();
    return { ok: false, errors: [{ line: 1, column: 1, message: messageOf(failure) }], kind: 'sandbox', sessionLost: true };
  }
  try {
    const answer = await session.waitFor(
      (message): Result<{ definition: PythonDefinition }, { error: ThrownError }> | undefined =>
        message.type === 'python-loaded' && message.requestId === requestId
          ? { ok: true, definition: message.definition }
          : message.type === 'python-load-failed' && message.requestId === requestId
            ? { ok: false, error: message.error }
            : undefined,
      { signal, timeoutMs: host.moduleLoadTimeoutMs },
    );
    if (!answer.ok) return { ok: false, errors: [pythonSourceError(answer.error)], kind: 'source', sessionLost: false };
    return { ok: true, definition: answer.definition };
  } catch (failure) {
    session.terminate();
    const message =
      failure instanceof SessionTimeoutError
        ? `The module did not finish loading within ${host.moduleLoadTimeoutMs} ms: is there an endless loop at its top level?`
        : failure instanceof SessionEndedError
          ? failure.message
          : messageOf(failure);
    return { ok: false, errors: [{ line: 1, column: 1, message }], kind: failureKindOf(failure), sessionLost: true };
  }
}

/** A code worker with the tool's module loaded, for one call; on failure its worker is already stopped. */
export async function loadPythonWorker(host: PythonWorkerProvider, source: string, signal?: AbortSignal): Promise<LoadedWorker> {
  let session: WorkerSession;
  try {
    session = await host.startPythonWorker('code');
  } catch (error) {
    return { ok: false, errors: [{ line: 1, column: 1, message: messageOf(error) }], kind: 'sandbox' };
  }
  const loaded = await loadPythonInto(host, session, 1, source, signal);
  if (loaded.ok) return { ok: true, session };
  session.terminate();
  return { ok: false, errors: loaded.errors, kind: loaded.kind };
}
