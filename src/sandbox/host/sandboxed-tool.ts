import {
  toolNamePattern,
  type JsonSchemaObject,
  type RetryPolicy,
  type Tool,
  type ToolContext,
  type ValidationResult,
  type Result,
} from '../../core/index.ts';
import type { SourceError } from '../transpile.ts';
import { CodeWorkers } from './code-workers.ts';
import { checkCode, compileSchemaModule, type CompileFailure } from './compile.ts';
import type { FailureKind } from './module-load-errors.ts';
import { transpileForWorker } from './module-loader.ts';
import { runCode } from './run-code.ts';
import type { TranspiledModule } from '../transpile.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { SchemaWorker } from './schema-worker.ts';

// A user-written tool as a core Tool: the executor's timeouts, retries, concurrency and events apply
// to it unchanged. Validation round-trips to the tool's schema worker (or, for a plain schema whose
// check passes, happens on the host: schema-worker.ts); each execute gets a fresh
// worker, told when the call's signal aborts and terminated when the executor kills the work (see run-code.ts). Compiling checks both modules in shared
// compile workers; the tool's own workers (schema worker, spare) start afterwards in idle time.

export interface SandboxedToolOptions {
  name: string;
  description: string;
  /** TypeScript whose default export is a zod schema for the arguments object. */
  schemaSource: string;
  /** TypeScript whose default export is `async function execute(input, ctx)`. */
  codeSource: string;
  timeoutMs?: number;
  idempotent?: boolean;
  retry?: Partial<RetryPolicy>;
  version?: string;
}

export interface SourceErrors {
  schema: SourceError[];
  code: SourceError[];
}

/** `kind: 'sandbox'` when either check failed because of the sandbox (then the errors say nothing about the sources). */
export type CreateSandboxedToolResult = Result<{ tool: SandboxedTool }, { errors: SourceErrors; kind: FailureKind }>;

export type SourceUpdateResult = Result<object, CompileFailure>;

export async function createSandboxedTool(host: SandboxHost, options: SandboxedToolOptions): Promise<CreateSandboxedToolResult> {
  if (!toolNamePattern.test(options.name)) throw new TypeError(`Invalid tool name "${options.name}": use 1-64 letters, digits, "_" or "-"`);
  const [schema, code] = await Promise.all([compileSchemaModule(host, options.schemaSource), checkCode(host, options.codeSource)]);
  if (!schema.ok || !code.ok) {
    const kind = (!schema.ok && schema.kind === 'sandbox') || (!code.ok && code.kind === 'sandbox') ? 'sandbox' : 'source';
    return { ok: false, kind, errors: { schema: schema.ok ? [] : schema.errors, code: code.ok ? [] : code.errors } };
  }
  const schemaWorker = new SchemaWorker(host, options.schemaSource, schema.module, schema.jsonSchema);
  return { ok: true, tool: new SandboxedTool(host, options, schemaWorker, options.codeSource, code.module) };
}

/**
 * A tool whose sources compiled before (a verdict kept by the app): their JSON Schema is known, so
 * neither module is run to check it. The modules are transpiled here as for a compile; the tool's
 * workers start in idle time and every call still loads the code into a fresh worker.
 */
export function adoptSandboxedTool(
  host: SandboxHost,
  options: SandboxedToolOptions,
  jsonSchema: JsonSchemaObject,
): CreateSandboxedToolResult {
  if (!toolNamePattern.test(options.name)) throw new TypeError(`Invalid tool name "${options.name}": use 1-64 letters, digits, "_" or "-"`);
  const schema = transpileForWorker(options.schemaSource);
  const code = transpileForWorker(options.codeSource);
  if (!schema.ok || !code.ok)
    return { ok: false, kind: 'source', errors: { schema: schema.ok ? [] : schema.errors, code: code.ok ? [] : code.errors } };
  const schemaWorker = new SchemaWorker(host, options.schemaSource, schema.module, jsonSchema);
  return { ok: true, tool: new SandboxedTool(host, options, schemaWorker, options.codeSource, code.module) };
}

export class SandboxedTool implements Tool {
  readonly name: string;
  readonly description: string;
  readonly timeoutMs: number | undefined;
  readonly idempotent: boolean | undefined;
  readonly retry: Partial<RetryPolicy> | undefined;
  readonly version: string | undefined;
  /** Its work runs in a worker, which the executor's kill signal terminates. */
  readonly killable = true;

  private codeModule: TranspiledModule;
  private codeWorkers: CodeWorkers;
  private disposed = false;

  constructor(
    private readonly host: SandboxHost,
    options: SandboxedToolOptions,
    private schemaWorker: SchemaWorker,
    private code: string,
    codeModule: TranspiledModule,
  ) {
    this.codeModule = codeModule;
    this.codeWorkers = CodeWorkers.forModule(host, code, codeModule);
    this.prewarm();
    this.name = options.name;
    this.description = options.description;
    this.timeoutMs = options.timeoutMs;
    this.idempotent = options.idempotent;
    this.retry = options.retry;
    this.version = options.version;
  }

  /** Read by the executor each time it lists tools, so a schema update shows at once. */
  get parameters(): JsonSchemaObject {
    return this.schemaWorker.jsonSchema;
  }

  get schemaSource(): string {
    return this.schemaWorker.source;
  }

  get codeSource(): string {
    return this.code;
  }

  /** At once on the host when the schema is plain and the arguments pass; otherwise a round trip to the schema worker. */
  validate(args: unknown, signal: AbortSignal): ValidationResult | Promise<ValidationResult> {
    return this.schemaWorker.validateOnHost(args) ?? this.schemaWorker.validate(args, signal);
  }

  execute(input: unknown, ctx: ToolContext): Promise<unknown> {
    return runCode(this.host, this.codeWorkers, this.codeModule, input, ctx);
  }

  /** Compiles a new schema; only a good one replaces the current one (which stays in force otherwise). */
  async updateSchema(source: string): Promise<SourceUpdateResult> {
    const compiled = await compileSchemaModule(this.host, source);
    if (!compiled.ok) return compiled;
    const previous = this.schemaWorker;
    this.schemaWorker = new SchemaWorker(this.host, source, compiled.module, compiled.jsonSchema);
    previous.dispose();
    this.prewarm();
    return { ok: true };
  }

  /** Checks new code; only code that loads and exports a function replaces the current code. */
  async updateCode(source: string): Promise<SourceUpdateResult> {
    const checked = await checkCode(this.host, source);
    if (!checked.ok) return checked;
    const previous = this.codeWorkers;
    this.code = source;
    this.codeModule = checked.module;
    this.codeWorkers = CodeWorkers.forModule(this.host, source, checked.module);
    previous.dispose();
    this.prewarm();
    return { ok: true };
  }

  dispose(): void {
    this.disposed = true;
    this.schemaWorker.dispose();
    this.codeWorkers.dispose();
  }

  /** Starts the schema worker and a spare in idle time, so the first call does not wait for them. */
  private prewarm(): void {
    this.host.idleTasks.add(async () => {
      if (this.disposed) return;
      await this.schemaWorker.prewarm();
      if (!this.disposed) await this.codeWorkers.prepare();
    });
  }
}
