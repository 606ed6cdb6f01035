import type { JsonSchemaObject } from '../../core/index.ts';
import type { WorkerRole } from '../protocol/frame-messages.ts';
import { findDefaultExport, transpileUserSource, type SourceError, type TranspiledModule } from '../transpile.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { loadFailureToSourceError, thrownErrorToSourceError } from './source-errors.ts';
import { SessionEndedError, type WorkerSession } from './worker-session.ts';

// Transpile, start a worker, wait until the module has run: the shared first step of compiling a
// schema, checking code and running a call. Errors come back as source errors with positions.

/** `unavailable`: the sandbox itself failed (crashed, could not start), not the user's module. */
export type LoadedWorker =
  { ok: true; session: WorkerSession; module: TranspiledModule } | { ok: false; errors: SourceError[]; unavailable: boolean };

export function transpileForWorker(source: string): { ok: true; module: TranspiledModule } | { ok: false; errors: SourceError[] } {
  const transpiled = transpileUserSource(source);
  if (!transpiled.ok) return transpiled;
  return { ok: true, module: { code: transpiled.code, lineCount: transpiled.lineCount, columnMap: transpiled.columnMap } };
}

export async function loadWorker(
  host: SandboxHost,
  role: WorkerRole,
  source: string,
  module: TranspiledModule,
  signal?: AbortSignal,
): Promise<LoadedWorker> {
  let session: WorkerSession;
  try {
    session = await host.startWorker(role, module);
  } catch (error) {
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: error instanceof Error ? error.message : String(error) }],
      unavailable: true,
    };
  }
  const timeoutMs = host.options.moduleLoadTimeoutMs;
  try {
    const loaded = await session.waitFor(
      (message) =>
        message.type === 'loaded'
          ? { ok: true as const }
          : message.type === 'load-failed'
            ? { ok: false as const, error: message.error }
            : undefined,
      { signal, timeoutMs },
    );
    if (loaded.ok) return { ok: true, session, module };
    session.terminate();
    return { ok: false, errors: [thrownErrorToSourceError(loaded.error, source, module)], unavailable: false };
  } catch (failure) {
    session.terminate();
    if (signal?.aborted && failure === signal.reason) throw failure;
    const unavailable = failure instanceof SessionEndedError && failure.end.kind === 'crashed';
    return { ok: false, errors: [loadFailureToSourceError(failure, module, timeoutMs)], unavailable };
  }
}

export type DescribedSchema = { ok: true; jsonSchema: JsonSchemaObject } | { ok: false; errors: SourceError[] };

/** Asks a loaded schema worker for its JSON Schema, which must describe an object (tool arguments are one). */
export async function describeSchema(
  host: SandboxHost,
  session: WorkerSession,
  source: string,
  module: TranspiledModule,
): Promise<DescribedSchema> {
  const timeoutMs = host.options.moduleLoadTimeoutMs;
  session.send({ type: 'describe-schema' });
  try {
    const described = await session.waitFor(
      (message) =>
        message.type === 'schema-described'
          ? { ok: true as const, jsonSchema: message.jsonSchema }
          : message.type === 'describe-failed'
            ? { ok: false as const, error: message.error }
            : undefined,
      { timeoutMs },
    );
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
  } catch (failure) {
    return { ok: false, errors: [loadFailureToSourceError(failure, module, timeoutMs)] };
  }
}
