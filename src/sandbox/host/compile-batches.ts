import type { JsonSchemaObject, Result } from '../../core/index.ts';
import { messageOf } from '../../core/index.ts';
import type { ModuleCheckOutcome } from '../protocol/worker-messages.ts';
import { requiresZod, type SourceError, type TranspiledModule } from '../transpile.ts';
import { exchangeBatch } from './batch-exchange.ts';
import { describedSchema, locateSyntaxError, type WorkerProvider } from './module-loader.ts';
import { failureKindOf, loadFailureToSourceError, thrownErrorToSourceError, type FailureKind } from './module-load-errors.ts';
import type { WorkerSession } from './worker-session.ts';

// Compiling means running a module once to see what it exports (and, for a schema, its JSON Schema).
// Checks asked for at about the same time (every tool at start-up, 500 imported ones) share warm
// workers: one worker loads zod once and then one module after another, so ten tools cost one worker
// start, not twenty; and a batch is one message to its worker, its verdicts a few messages back
// (batch-exchange.ts, worker/module-batch.ts; docs/adr/0020). A few batches run side by side (at most
// `parallel`). A module that hangs is stopped by the load timeout with its worker; it gets the timeout
// as its verdict and the rest of its batch is checked again in a new worker. Compile workers run
// nothing but top levels and describe, and are terminated after their batch; calls never use them.
// See docs/adr/0008-warm-worker-pool.md.

export type ModuleCheck = Result<
  { module: TranspiledModule; jsonSchema: JsonSchemaObject | undefined },
  { errors: SourceError[]; kind: FailureKind }
>;

interface CheckRequest {
  role: 'schema' | 'code';
  source: string;
  module: TranspiledModule;
  resolve(check: ModuleCheck): void;
  /** Checked again after a worker stopped in its batch: reported on alone, so a culprit is known as one. */
  precise?: boolean;
}

/** What compile batches need from the sandbox host: workers, and a way to say the sandbox is busy. */
export interface CompileHost extends WorkerProvider {
  whileBusy<Value>(work: () => Promise<Value>): Promise<Value>;
}

/**
 * How often a compile worker reports the verdicts it has while it checks a batch: a few messages for
 * hundreds of modules, and the verdicts on screen in steps a person sees as steady progress.
 */
export const reportEveryMs = 50;

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

  private async run(batch: CheckRequest[]): Promise<void> {
    // Verdicts are given a report late, and the last ones once the sandbox is no longer busy: whoever
    // waits for the last verdict finds the host idle (its idle tasks free to start).
    let held: Promise<() => void>[] = [];
    const answer = (answers: Promise<() => void>[]) =>
      void Promise.all(answers).then((resolves) => resolves.forEach((resolve) => resolve()));
    await this.host.whileBusy(async () => {
      let session: WorkerSession;
      try {
        session = await this.host.startWorker('compile');
      } catch (error) {
        const message = messageOf(error);
        for (const request of batch) request.resolve({ ok: false, errors: [{ line: 1, column: 1, message }], kind: 'sandbox' });
        return;
      }
      const precise = batch.some((request) => request.precise);
      const modules = batch.map(({ role, module }) => ({
        role,
        code: module.code,
        needsZod: role === 'schema' || requiresZod(module.code),
      }));
      const exchanged = await exchangeBatch(session, modules, precise ? 0 : reportEveryMs, this.host, (from, outcomes) => {
        answer(held);
        held = outcomes.map(async (outcome, offset) => {
          const request = batch[from + offset] as CheckRequest;
          const check = await this.verdictOf(request, outcome);
          return () => request.resolve(check);
        });
      });
      // Done with (a syntax error is located in a cold worker of its own): a compile worker never serves anything else.
      session.terminate();
      held = [Promise.all(held).then((resolves) => () => resolves.forEach((resolve) => resolve()))];
      await held[0];
      const stopped = exchanged.stopped;
      if (!stopped) return;
      const rest = batch.slice(stopped.at);
      const culprit = rest[0];
      if (!culprit) return;
      if (!stopped.dependenciesReady) {
        // The worker never got as far as the first module: the sandbox was too busy, not the sources' fault.
        const message = `The sandbox was too busy to get this module's dependencies ready within ${this.host.dependencyLoadTimeoutMs} ms; try again`;
        for (const request of rest) request.resolve({ ok: false, errors: [{ line: 1, column: 1, message }], kind: 'sandbox' });
        return;
      }
      if (!precise) {
        // Reports were gathered: any module since the last one may be the culprit. Each is checked
        // again with a report per module, which tells the culprit from the modules that ran before it.
        for (const request of rest) request.precise = true;
        this.pending.unshift(...rest);
        return;
      }
      // The worker was stopped with this module: the others go back to the front of the queue.
      const error = loadFailureToSourceError(stopped.failure, culprit.module, this.host.moduleLoadTimeoutMs);
      culprit.resolve({ ok: false, errors: [error], kind: failureKindOf(stopped.failure) });
      for (const request of rest.slice(1)) request.precise = false;
      this.pending.unshift(...rest.slice(1));
    });
    answer(held);
  }

  /** A module's verdict from the worker as the check's answer, with positions in the user's source. */
  private async verdictOf(request: CheckRequest, outcome: ModuleCheckOutcome): Promise<ModuleCheck> {
    const { role, source, module } = request;
    if (outcome.ok) {
      if (role === 'code') return { ok: true, module, jsonSchema: undefined };
      const described = describedSchema({ ok: true, jsonSchema: outcome.jsonSchema ?? {} }, source, module);
      return described.ok
        ? { ok: true, module, jsonSchema: described.jsonSchema }
        : { ok: false, errors: described.errors, kind: 'source' };
    }
    if (outcome.stage === 'describe') {
      const described = describedSchema({ ok: false, error: outcome.error }, source, module);
      return { ok: false, errors: described.ok ? [] : described.errors, kind: 'source' };
    }
    if (outcome.unparsable) return { ok: false, errors: [await locateSyntaxError(this.host, role, outcome.error, module)], kind: 'source' };
    return { ok: false, errors: [thrownErrorToSourceError(outcome.error, source, module)], kind: 'source' };
  }
}
