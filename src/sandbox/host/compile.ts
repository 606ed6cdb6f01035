import type { JsonSchemaObject, Result } from '../../core/index.ts';
import type { SourceError, TranspiledModule } from '../transpile.ts';
import { transpileForWorker } from './module-loader.ts';
import type { CompileBatches } from './compile-batches.ts';
import type { FailureKind } from './module-load-errors.ts';

// Compiling user sources: transpile in the host, then run the module in a sandbox worker (a shared
// compile batch, see compile-batches.ts) to learn what it really exports. Errors carry 1-based line
// and column for editor markers; a failure says whose it is (`kind`: the sandbox's or the source's).

/** A failed compile: where the sources are wrong, and whether they are (`source`) or the sandbox failed (`sandbox`). */
export interface CompileFailure {
  errors: SourceError[];
  kind: FailureKind;
}

export type SchemaCompileResult = Result<{ jsonSchema: JsonSchemaObject }, CompileFailure>;
export type CodeCheckResult = Result<{ module: TranspiledModule }, CompileFailure>;

/** Where checks go: the host's shared compile batches. */
export interface Compiling {
  readonly compiler: Pick<CompileBatches, 'check'>;
}

export type CompiledSchema = Result<{ module: TranspiledModule; jsonSchema: JsonSchemaObject }, CompileFailure>;

/** The JSON Schema a schema source describes (for the model), with its module for the tool's schema worker. */
export async function compileSchemaModule(host: Compiling, source: string): Promise<CompiledSchema> {
  const transpiled = transpileForWorker(source);
  if (!transpiled.ok) return { ...transpiled, kind: 'source' };
  const checked = await host.compiler.check('schema', source, transpiled.module);
  if (!checked.ok) return { ok: false, errors: checked.errors, kind: checked.kind };
  if (!checked.jsonSchema) return { ok: false, errors: [{ line: 1, column: 1, message: 'The schema was not described' }], kind: 'source' };
  return { ok: true, module: transpiled.module, jsonSchema: checked.jsonSchema };
}

export async function compileSchema(host: Compiling, source: string): Promise<SchemaCompileResult> {
  const compiled = await compileSchemaModule(host, source);
  return compiled.ok ? { ok: true, jsonSchema: compiled.jsonSchema } : compiled;
}

/** Whether the code transpiles, loads and exports an execute function (without calling it). */
export async function checkCode(host: Compiling, source: string): Promise<CodeCheckResult> {
  const transpiled = transpileForWorker(source);
  if (!transpiled.ok) return { ...transpiled, kind: 'source' };
  const checked = await host.compiler.check('code', source, transpiled.module);
  return checked.ok ? { ok: true, module: transpiled.module } : { ok: false, errors: checked.errors, kind: checked.kind };
}
