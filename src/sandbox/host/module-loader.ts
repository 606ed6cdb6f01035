import type { JsonSchemaObject, Result } from '../../core/index.ts';
import { messageOf } from '../../core/index.ts';
import type { ThrownError, WorkerToHostMessage } from '../protocol/worker-messages.ts';
import { findDefaultExport, requiresZod, transpileUserSource, type SourceError, type TranspiledModule } from '../transpile.ts';
import { buildModuleScript, ownModuleRequestId } from '../worker-source.ts';
import type { WorkerRole } from '../protocol/frame-messages.ts';
import { failureKindOf, loadFailureToSourceError, thrownErrorToSourceError, type FailureKind } from './module-load-errors.ts';
import { SessionEndedError, SessionTimeoutError, type WorkerSession } from './worker-session.ts';

// Transpile, take a warm worker, load the module into it: the shared first step of compiling a
// schema, checking code and running a call. Errors come back as source errors with positions.

/** What loading a module needs from the sandbox host (SandboxHost is one): workers, and how long a load may take. */
export interface WorkerProvider {
  /** How long a module's own top level may run before it counts as stuck (an endless loop). */
  readonly moduleLoadTimeoutMs: number;
  /** How long a worker may take to get a module's dependencies (zod) ready: the sandbox's own start-up. */
  readonly dependencyLoadTimeoutMs: number;
  /** `ahead`: a worker made ahead of need (a spare), which may start a task later. */
  startWorker(role: WorkerRole, ahead?: boolean): Promise<WorkerSession>;
  /** A worker that evaluates `module` as its script (it says `loaded`): a syntax error then comes with its position. */
  startColdWorker(role: 'schema' | 'code', module: TranspiledModule, ahead?: boolean): Promise<WorkerSession>;
}

/** `kind: 'sandbox'`: the sandbox itself failed (crashed, could not start), not the user's module. */
export type LoadedWorker = Result<
  /** `plain`: what a schema worker said its schema is, as plain data (read by host-validation.ts; untrusted). */
  { session: WorkerSession; module: TranspiledModule; plain?: unknown },
  { errors: SourceError[]; kind: FailureKind }
>;

/** The outcome of one load-module. `sessionLost`: the worker is gone (timed out, crashed), so it cannot load more. */
export type ModuleLoad = Result<{ plain?: unknown }, { errors: SourceError[]; kind: FailureKind; sessionLost: boolean }>;

export function transpileForWorker(source: string): Result<{ module: TranspiledModule }, { errors: SourceError[] }> {
  const transpiled = transpileUserSource(source);
  if (!transpiled.ok) return transpiled;
  // The column map is read through, not copied: it is only worked out if an error needs it.
  return {
    ok: true,
    module: {
      code: transpiled.code,
      lineCount: transpiled.lineCount,
      get columnMap() {
        return transpiled.columnMap;
      },
    },
  };
}

/** A warm worker of `role` holding the module; on failure the worker is already stopped. */
export async function loadWorker(
  host: WorkerProvider,
  role: 'schema' | 'code',
  source: string,
  module: TranspiledModule,
  signal?: AbortSignal,
  ahead = false,
): Promise<LoadedWorker> {
  const opened = await opening(() => host.startWorker(role, ahead));
  if (!opened.ok) return opened;
  const { session } = opened;
  const loaded = await loadModuleInto(host, session, { requestId: 1, role, source, module }, signal);
  if (loaded.ok) return { ok: true, session, module, ...(loaded.plain === undefined ? {} : { plain: loaded.plain }) };
  session.terminate();
  return { ok: false, errors: loaded.errors, kind: loaded.kind };
}

export interface ModuleRequest {
  requestId: number;
  role: 'schema' | 'code';
  source: string;
  module: TranspiledModule;
}

/** Sends the module to a running worker and waits until its top level has run (waitForModule). */
export async function loadModuleInto(
  host: WorkerProvider,
  session: WorkerSession,
  request: ModuleRequest,
  signal?: AbortSignal,
): Promise<ModuleLoad> {
  const { requestId, role, source, module } = request;
  const needsZod = role === 'schema' || requiresZod(module.code);
  session.send({ type: 'load-module', requestId, role, source: buildModuleScript(module.code), needsZod });
  const reply = await waitForModule(host, session, module, signal, {
    running: (message) => message.type === 'module-running' && message.requestId === requestId,
    answer: (message) =>
      message.type === 'module-loaded' && message.requestId === requestId
        ? { ok: true, plain: message.plain }
        : message.type === 'module-load-failed' && message.requestId === requestId
          ? { ok: false, error: message.error, unparsable: message.unparsable }
          : undefined,
  });
  if ('sessionLost' in reply) return reply;
  if (reply.ok) return reply;
  if (reply.unparsable)
    return { ok: false, errors: [await locateSyntaxError(host, role, reply.error, module)], kind: 'source', sessionLost: false };
  return { ok: false, errors: [thrownErrorToSourceError(reply.error, source, module)], kind: 'source', sessionLost: false };
}

/**
 * A code tool's spare started cold, from its module's own script (the iframe puts the harness after it):
 * no Blob, URL and importScripts of the module in the worker, and no load-module round trip. Measured on
 * a 1,000-call fan-out: ~2 s less CPU in the sandbox's process and ~1 s in the browser's (ADR 0035).
 */
export async function loadColdWorker(
  host: WorkerProvider,
  source: string,
  module: TranspiledModule,
  options: { signal?: AbortSignal | undefined; ahead?: boolean } = {},
): Promise<LoadedWorker> {
  const { signal, ahead = false } = options;
  const opened = await opening(() => host.startColdWorker('code', module, ahead));
  if (!opened.ok) return opened;
  const { session } = opened;
  const reply = await waitForModule(host, session, module, signal, {
    running: (message) => message.type === 'module-running' && message.requestId === ownModuleRequestId,
    answer: (message) =>
      message.type === 'loaded'
        ? { ok: true }
        : message.type === 'load-failed'
          ? { ok: false, error: message.error, unparsable: false }
          : undefined,
  });
  if (reply.ok) return { ok: true, session, module };
  session.terminate();
  if ('sessionLost' in reply) return { ok: false, errors: reply.errors, kind: reply.kind };
  return { ok: false, errors: [thrownErrorToSourceError(reply.error, source, module)], kind: 'source' };
}

/** The session `start` opens, or the sandbox's failure to start a worker (not the module's). */
async function opening(
  start: () => Promise<WorkerSession>,
): Promise<Result<{ session: WorkerSession }, { errors: SourceError[]; kind: 'sandbox' }>> {
  try {
    return { ok: true, session: await start() };
  } catch (error) {
    return { ok: false, errors: [{ line: 1, column: 1, message: messageOf(error) }], kind: 'sandbox' };
  }
}

type ModuleLoadLost = Extract<ModuleLoad, { ok: false }>;

/**
 * Waits until a module's top level has run. A worker that does not answer within the module load
 * timeout is stuck in the module (an endless loop) and is stopped. The timeout starts when the worker
 * says the module runs: starting a worker or loading zod first may take seconds on a starved machine,
 * and that is the sandbox being slow (bounded by the start-up limit), not the user's code.
 */
async function waitForModule(
  host: WorkerProvider,
  session: WorkerSession,
  module: TranspiledModule,
  signal: AbortSignal | undefined,
  match: { running: (message: WorkerToHostMessage) => boolean; answer: (message: WorkerToHostMessage) => LoadReply | undefined },
): Promise<LoadReply | ModuleLoadLost> {
  const timeoutMs = host.moduleLoadTimeoutMs;
  let running = false;
  try {
    const first = await session.waitFor((message) => (match.running(message) ? 'running' : match.answer(message)), {
      signal,
      timeoutMs: host.dependencyLoadTimeoutMs,
    });
    if (first !== 'running') return first;
    running = true;
    return await session.waitFor(match.answer, { signal, timeoutMs });
  } catch (failure) {
    session.terminate();
    if (signal?.aborted && failure === signal.reason) throw failure;
    if (!running && failure instanceof SessionTimeoutError) {
      const message = `The sandbox was too busy to get this module's dependencies ready within ${host.dependencyLoadTimeoutMs} ms; try again`;
      return { ok: false, errors: [{ line: 1, column: 1, message }], kind: 'sandbox', sessionLost: true };
    }
    return { ok: false, errors: [loadFailureToSourceError(failure, module, timeoutMs)], kind: failureKindOf(failure), sessionLost: true };
  }
}

type LoadReply = { ok: true; plain?: unknown } | { ok: false; error: ThrownError; unparsable: boolean };

/**
 * importScripts says why a script does not parse but not where. A cold worker started from the script
 * itself gets an error event with the line and column; it runs nothing, since the script does not parse.
 */
export async function locateSyntaxError(
  host: WorkerProvider,
  role: 'schema' | 'code',
  error: ThrownError,
  module: TranspiledModule,
): Promise<SourceError> {
  const unlocated: SourceError = {
    line: 1,
    column: 1,
    message: `${error.name}: ${error.message.replace(/^Failed to execute 'importScripts' on 'WorkerGlobalScope': /, '')}`,
  };
  const timeoutMs = host.moduleLoadTimeoutMs;
  let session: WorkerSession;
  try {
    session = await host.startColdWorker(role, module);
  } catch {
    return unlocated;
  }
  try {
    await session.waitFor((message) => (message.type === 'loaded' || message.type === 'load-failed' ? true : undefined), { timeoutMs });
    return unlocated;
  } catch (failure) {
    return failure instanceof SessionEndedError && failure.end.kind === 'worker-error'
      ? loadFailureToSourceError(failure, module, timeoutMs)
      : unlocated;
  } finally {
    session.terminate();
  }
}

/**
 * What a worker said of a schema module's JSON Schema, as a verdict: it must describe an object (a
 * model always sends an arguments object), and a schema that cannot be described is put at its export.
 */
export function describedSchema(
  described: { ok: true; jsonSchema: Record<string, unknown> } | { ok: false; error: ThrownError },
  source: string,
  module: TranspiledModule,
): Result<{ jsonSchema: JsonSchemaObject }, { errors: SourceError[] }> {
  if (!described.ok) {
    const error = thrownErrorToSourceError(described.error, source, module);
    return {
      ok: false,
      errors: [{ ...findDefaultExport(source), message: `The schema cannot be shown to a model as JSON Schema: ${error.message}` }],
    };
  }
  if (described.jsonSchema.type !== 'object') {
    const found = JSON.stringify(described.jsonSchema.type ?? 'something without a type');
    return {
      ok: false,
      errors: [
        {
          ...findDefaultExport(source),
          message: `The schema must describe an object, \`z.object({ ... })\` (a model always sends an arguments object); it describes ${found}.`,
        },
      ],
    };
  }
  return { ok: true, jsonSchema: described.jsonSchema as JsonSchemaObject };
}
