import type { JsonSchemaObject } from '../../core/index.ts';
import type { SourceError } from '../transpile.ts';
import { describeSchema, loadWorker, transpileForWorker, type LoadedWorker } from './module-loader.ts';
import type { TranspiledModule } from '../transpile.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { SchemaWorker } from './schema-worker.ts';

// Compiling user sources: transpile in the host, then run the module in a worker to learn what it
// really exports. Errors carry 1-based line and column for editor markers.

export type SchemaCompileResult = { ok: true; jsonSchema: JsonSchemaObject } | { ok: false; errors: SourceError[] };
export type CodeCheckResult = { ok: true; module: TranspiledModule } | { ok: false; errors: SourceError[] };

export async function compileSchemaWorker(
  host: SandboxHost,
  source: string,
): Promise<{ ok: true; worker: SchemaWorker } | { ok: false; errors: SourceError[] }> {
  const transpiled = transpileForWorker(source);
  if (!transpiled.ok) return transpiled;
  return host.whileBusy(async () => {
    const loaded = await loadWorker(host, 'schema', source, transpiled.module);
    if (!loaded.ok) return { ok: false, errors: loaded.errors };
    const described = await describeSchema(host, loaded.session, source, transpiled.module);
    if (!described.ok) {
      loaded.session.terminate();
      return described;
    }
    return { ok: true, worker: new SchemaWorker(host, source, transpiled.module, described.jsonSchema, loaded.session) };
  });
}

/** The JSON Schema a schema source describes, for the model; the worker used to find out is stopped. */
export async function compileSchema(host: SandboxHost, source: string): Promise<SchemaCompileResult> {
  const compiled = await compileSchemaWorker(host, source);
  if (!compiled.ok) return compiled;
  compiled.worker.dispose();
  return { ok: true, jsonSchema: compiled.worker.jsonSchema };
}

export type CheckedCodeWorker =
  { ok: true; module: TranspiledModule; loaded: Extract<LoadedWorker, { ok: true }> } | { ok: false; errors: SourceError[] };

/** Transpiles the code and runs it as a module (without calling execute) to check its export; the worker is kept. */
export async function checkCodeWorker(host: SandboxHost, source: string): Promise<CheckedCodeWorker> {
  const transpiled = transpileForWorker(source);
  if (!transpiled.ok) return transpiled;
  return host.whileBusy(async () => {
    const loaded = await loadWorker(host, 'code', source, transpiled.module);
    if (!loaded.ok) return { ok: false, errors: loaded.errors };
    return { ok: true, module: transpiled.module, loaded };
  });
}

/** Whether the code transpiles, loads and exports a function; the worker used to find out is stopped. */
export async function checkCode(host: SandboxHost, source: string): Promise<CodeCheckResult> {
  const checked = await checkCodeWorker(host, source);
  if (!checked.ok) return checked;
  checked.loaded.session.terminate();
  return { ok: true, module: checked.module };
}
