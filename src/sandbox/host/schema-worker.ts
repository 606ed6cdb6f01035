import type { ZodType } from 'zod';
import { ToolUnavailableError, type JsonSchemaObject, type ValidationResult } from '../../core/index.ts';
import { hostSchemaOf } from './host-validation.ts';
import { loadWorker } from './module-loader.ts';
import type { TranspiledModule } from '../transpile.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { sessionEndToError, toCoreError } from './worker-errors.ts';
import { SessionEndedError, SessionTimeoutError, type WorkerSession } from './worker-session.ts';

// A tool's compiled schema, alive in its own long-lived worker: validating a call's arguments is one
// round trip, not a worker start. The worker is started (from the warm pool, zod and the module loaded)
// in idle time after the compile, or by the first validation if that comes first. A validation that
// outlives its deadline means the schema misbehaves (an endless refine): the worker is killed and
// started again for the next validation.
//
// When the worker says the schema is plain (zod's own types and checks only), the host validates with
// its own copy of it, with no round trip; arguments the copy refuses still go to the worker, so what an
// invalid call reports is the worker's verdict, as before (docs/adr/0031).

export const defaultValidationTimeoutMs = 5_000;

export class SchemaWorker {
  private session: WorkerSession | undefined;
  /** The host's copy of a plain schema, once the worker described it; only its "valid" is trusted. */
  private hostSchema: ZodType | undefined;
  private restarting: Promise<WorkerSession> | undefined;
  private nextRequestId = 1;
  private disposed = false;

  constructor(
    private readonly host: SandboxHost,
    readonly source: string,
    private readonly module: TranspiledModule,
    readonly jsonSchema: JsonSchemaObject,
    private readonly validationTimeoutMs = defaultValidationTimeoutMs,
  ) {}

  /** Starts the worker ahead of the first validation; resolves when it is ready (or could not start). */
  prewarm(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    return this.live().then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * The host's verdict when it has a copy of a plain schema and the copy accepts the arguments: then it
   * is the worker's too (same data). Otherwise undefined: ask the worker (validate), whose issues count.
   */
  validateOnHost(args: unknown): ValidationResult | undefined {
    if (!this.hostSchema || this.disposed) return undefined;
    const parsed = this.hostSchema.safeParse(args);
    return parsed.success ? { success: true, data: parsed.data } : undefined;
  }

  validate(args: unknown, signal?: AbortSignal): Promise<ValidationResult> {
    return this.host.whileBusy(async () => {
      const session = await this.live();
      const requestId = this.nextRequestId++;
      session.send({ type: 'validate', requestId, args });
      try {
        const reply = await session.waitFor(
          (message) =>
            (message.type === 'validated' || message.type === 'validate-failed') && message.requestId === requestId ? message : undefined,
          {
            signal,
            timeoutMs: this.validationTimeoutMs,
            timeoutMessage: `Validating the arguments took longer than ${this.validationTimeoutMs} ms`,
          },
        );
        if (reply.type === 'validate-failed') throw toCoreError(reply.error, this.module);
        return reply.result;
      } catch (failure) {
        if (failure instanceof SessionEndedError) throw sessionEndToError(failure, this.module);
        // Aborted or timed out: the worker may be stuck in user code, so it is not reused.
        if (failure instanceof SessionTimeoutError || signal?.aborted) session.terminate();
        throw failure;
      }
    });
  }

  dispose(): void {
    this.disposed = true;
    this.session?.terminate();
    this.session = undefined;
  }

  /** The running worker, or a new one with the same module if the last one was killed or crashed. */
  private live(): Promise<WorkerSession> {
    if (this.disposed) return Promise.reject(new ToolUnavailableError('This tool was removed'));
    if (this.session && !this.session.end) return Promise.resolve(this.session);
    this.restarting ??= loadWorker(this.host, 'schema', this.source, this.module)
      .then((loaded) => {
        if (!loaded.ok)
          // Stryker disable next-line OptionalChaining: a failed load always carries one error at least.
          throw new ToolUnavailableError(`The schema worker could not be restarted: ${loaded.errors[0]?.message ?? 'unknown error'}`);
        if (this.disposed) {
          loaded.session.terminate();
          throw new ToolUnavailableError('This tool was removed');
        }
        this.session = loaded.session;
        this.hostSchema ??= hostSchemaOf(loaded.plain);
        return loaded.session;
      })
      .finally(() => {
        this.restarting = undefined;
      });
    return this.restarting;
  }
}
