import type { JsonSchemaObject, Result } from '../../core/index.ts';
import { messageOf } from '../../core/index.ts';
import type { SourceError, TranspiledModule } from '../transpile.ts';
import { describeSchema, loadModuleInto, type WorkerProvider } from './module-loader.ts';
import type { FailureKind } from './module-load-errors.ts';
import type { WorkerSession } from './worker-session.ts';

// Compiling means running a module once to see what it exports (and, for a schema, its JSON Schema).
// Checks asked for at about the same time (every tool at start-up) share warm workers: one worker
// loads zod once and then one module after another, so ten tools cost one worker start, not twenty.
// A few batches run side by side (at most `parallel`). A module that hangs is stopped by the load
// timeout with its worker; it gets the timeout as its verdict and the rest of its batch is checked
// again in a new worker. Compile workers run nothing but top levels and describe, and are terminated
// after their batch; calls never use them. See docs/adr/0008-warm-worker-pool.md.

export type ModuleCheck = Result<
  { module: TranspiledModule; jsonSchema: JsonSchemaObject | undefined },
  { errors: SourceError[]; kind: FailureKind }
>;

interface CheckRequest {
  role: 'schema' | 'code';
  source: string;
  module: TranspiledModule;
  resolve(check: ModuleCheck): void;
}

/** What compile batches need from the sandbox host: workers, and a way to say the sandbox is busy. */
export interface CompileHost extends WorkerProvider {
  whileBusy<Value>(work: () => Promise<Value>): Promise<Value>;
}

/** Fewer checks than this per worker do not pay back the worker's own zod start-up. */
const minimumBatchSize = 4;

export class CompileBatches {
  private readonly pending: CheckRequest[] = [];
  private running = 0;
  private flushScheduled = false;

  constructor(
    private readonly host: CompileHost,
    private readonly parallel: number,
  ) {}

  check(role: 'schema' | 'code', source: string, module: TranspiledModule): Promise<ModuleCheck> {
    return new Promise((resolve) => {
      this.pending.push({ role, source, module, resolve });
      // Gathers what arrives in the same turn (every tool of a workspace) into the same batches.
      if (this.flushScheduled) return;
      this.flushScheduled = true;
      setTimeout(() => {
        this.flushScheduled = false;
        this.flush();
      }, 0);
    });
  }

  private flush(): void {
    while (this.running < this.parallel && this.pending.length > 0) {
      const free = this.parallel - this.running;
      const size = Math.max(minimumBatchSize, Math.ceil(this.pending.length / free));
      const batch = this.pending.splice(0, size);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.flush();
      });
    }
  }

  private run(batch: CheckRequest[]): Promise<void> {
    return this.host.whileBusy(async () => {
      let session: WorkerSession;
      try {
        session = await this.host.startWorker('compile');
      } catch (error) {
        const message = messageOf(error);
        for (const request of batch) request.resolve({ ok: false, errors: [{ line: 1, column: 1, message }], kind: 'sandbox' });
        return;
      }
      for (let index = 0; index < batch.length; index++) {
        const request = batch[index] as CheckRequest;
        const outcome = await this.checkOne(session, index + 1, request);
        request.resolve(outcome.check);
        if (outcome.sessionLost) {
          // The worker was stopped with this module: the others go back to the front of the queue.
          this.pending.unshift(...batch.slice(index + 1));
          return;
        }
      }
      session.terminate();
    });
  }

  private async checkOne(
    session: WorkerSession,
    requestId: number,
    request: CheckRequest,
  ): Promise<{ check: ModuleCheck; sessionLost: boolean }> {
    const { role, source, module } = request;
    const loaded = await loadModuleInto(this.host, session, { requestId, role, source, module });
    if (!loaded.ok) return { check: { ok: false, errors: loaded.errors, kind: loaded.kind }, sessionLost: loaded.sessionLost };
    if (role === 'code') return { check: { ok: true, module, jsonSchema: undefined }, sessionLost: false };
    const described = await describeSchema(this.host, session, source, module);
    if (!described.ok) return { check: { ok: false, errors: described.errors, kind: described.kind }, sessionLost: described.sessionLost };
    return { check: { ok: true, module, jsonSchema: described.jsonSchema }, sessionLost: false };
  }
}
