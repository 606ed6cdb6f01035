import type { JsonSchemaObject, RetryPolicy, Tool, ToolContext, ValidationResult } from '../../../core/index.ts';
import type { PythonDefinition } from '../../protocol/worker-messages.ts';
import { CodeWorkers } from '../../host/code-workers.ts';
import type { WorkerSession } from '../../host/worker-session.ts';
import { runInWorker } from '../../host/run-code.ts';
import type { SandboxHost } from '../../host/sandbox-host.ts';
import { pythonCallErrors } from './python-errors.ts';
import { loadPythonWorker } from './python-load.ts';
import { pythonArgumentsValidator } from './python-validation.ts';

// A Python tool as a core Tool: the executor's validation, timeouts, retries, concurrency and events
// apply unchanged, as for a TypeScript tool. Its definition is what the compile read from the function
// (name, docstring, type hints). Arguments are checked here, on the host, against that JSON Schema
// (python-validation.ts, with the library MCP tools' are checked with), so invalid ones never reach Python. Each call gets a Python worker
// nobody used before, with only this tool's module run in it, terminated when the call ends
// (docs/adr/0018-python-tools.md).

/** Python workers are heavy (an interpreter each): fewer spares than a TypeScript tool keeps. */
export const maxPythonSpares = 4;

export interface SandboxedPythonToolOptions {
  source: string;
  definition: PythonDefinition;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  version?: string;
}

export class SandboxedPythonTool implements Tool {
  readonly killable = true;
  private workers: CodeWorkers;
  private validator: (args: unknown) => ValidationResult;
  private disposed = false;

  /** `worker`: one holding this module already (the compile's, handed over), kept as the first spare. */
  constructor(
    private readonly host: SandboxHost,
    private options: SandboxedPythonToolOptions,
    worker?: WorkerSession,
  ) {
    this.workers = this.workersFor(options.source);
    if (worker) this.workers.seed({ ok: true, session: worker });
    this.validator = pythonArgumentsValidator(options.definition.parameters);
    this.prewarm();
  }

  get name(): string {
    return this.options.definition.name;
  }

  get description(): string {
    return this.options.definition.description;
  }

  get idempotent(): boolean {
    return this.options.definition.idempotent;
  }

  get parameters(): JsonSchemaObject {
    return this.options.definition.parameters as JsonSchemaObject;
  }

  get definition(): PythonDefinition {
    return this.options.definition;
  }

  get source(): string {
    return this.options.source;
  }

  validate(args: unknown): Promise<ValidationResult> {
    return Promise.resolve(this.validator(args));
  }

  execute(input: unknown, ctx: ToolContext): Promise<unknown> {
    return runInWorker(this.host, this.workers, pythonCallErrors, input, ctx);
  }

  /** New sources that compiled: their definition and module replace the current ones. */
  update(source: string, definition: PythonDefinition): void {
    const previous = this.workers;
    this.options = { ...this.options, source, definition };
    this.workers = this.workersFor(source);
    this.validator = pythonArgumentsValidator(definition.parameters);
    previous.dispose();
    this.prewarm();
  }

  /**
   * Resolves once a worker with this tool's module is waiting (or failed to start). Booting Python took
   * 20-45 s on the shared 2-core machine under load, longer than a call's deadline: a tool is shown
   * ready, and its first call made, only once its interpreter is (ADR 0018). `calls`: how many calls
   * at once will find one waiting (a batch), up to maxPythonSpares.
   */
  async ready(calls = 1): Promise<void> {
    await this.workers.prepare(Math.min(maxPythonSpares, Math.max(1, calls)));
  }

  dispose(): void {
    this.disposed = true;
    this.workers.dispose();
  }

  private workersFor(source: string): CodeWorkers {
    return new CodeWorkers((signal) => loadPythonWorker(this.host, source, signal), undefined, maxPythonSpares);
  }

  /** A spare with the module loaded, in idle time, so the first call does not wait for a module load. */
  private prewarm(): void {
    this.host.idleTasks.add(async () => {
      if (!this.disposed) await this.workers.prepare();
    });
  }
}
