import type { Result } from '../../../core/index.ts';
import type { PythonDefinition } from '../../protocol/worker-messages.ts';
import type { SourceError } from '../../transpile.ts';
import type { FailureKind } from '../../host/module-load-errors.ts';
import type { WorkerSession } from '../../host/worker-session.ts';
import { loadPythonInto, type PythonWorkerProvider } from './python-load.ts';

// Compiles Python tools: runs each module in a compile worker and reads the tool's definition from its
// function (toolscope.py's describe). One compile worker serves one compile after another, as the
// TypeScript compile batches do (docs/adr/0008): booting Python costs a second or more, and typing
// compiles at every pause. Each module runs in a fresh module namespace; what a module changes beyond
// it (sys.modules, a patched builtin) can only affect later compile verdicts, never a call, since calls
// never run in compile workers. A worker that timed out or crashed is replaced, and after
// `compilesPerWorker` compiles it is replaced anyway, so such leftovers do not pile up.

/**
 * `worker`: with `keepWorker`, the code worker the module was compiled in, holding it and nothing else:
 * the caller owns it (a new tool's first spare) and must terminate it.
 */
export type PythonCompileResult = Result<
  { definition: PythonDefinition; worker?: WorkerSession },
  { errors: SourceError[]; kind: FailureKind }
>;

export interface PythonCompileOptions {
  /**
   * For a new tool, which needs a worker with its module anyway: while no compile worker has been
   * started, the module is compiled in a code worker instead, which is then handed over with the
   * verdict. A cold page then boots one interpreter before the tool is valid, not two side by side.
   */
  keepWorker?: boolean;
}

export const compilesPerWorker = 50;

export class PythonCompiler {
  private session: Promise<WorkerSession> | undefined;
  private compiles = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private nextRequestId = 1;

  constructor(private readonly host: PythonWorkerProvider) {}

  /** Starts the compile worker ahead of the first compile (Python boots while the person types). */
  prewarm(): void {
    void this.worker().catch(() => undefined);
  }

  compile(source: string, options: PythonCompileOptions = {}): Promise<PythonCompileResult> {
    const run = this.queue.then(() =>
      options.keepWorker && this.session === undefined ? this.compileInCodeWorker(source) : this.compileNow(source),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    void this.session?.then(
      (session) => session.terminate(),
      () => undefined,
    );
    this.session = undefined;
  }

  private async compileNow(source: string): Promise<PythonCompileResult> {
    let session: WorkerSession;
    try {
      session = await this.worker();
    } catch (error) {
      this.session = undefined;
      return { ok: false, kind: 'sandbox', errors: [{ line: 1, column: 1, message: `Python could not start: ${String(error)}` }] };
    }
    this.compiles++;
    const loaded = await loadPythonInto(this.host, session, this.nextRequestId++, source);
    if ((!loaded.ok && loaded.sessionLost) || this.compiles >= compilesPerWorker || session.end) this.replace(session);
    return loaded.ok ? { ok: true, definition: loaded.definition } : { ok: false, kind: loaded.kind, errors: loaded.errors };
  }

  /**
   * A code worker gets the module as it would for a call (`python-load`, once): if it loads, the worker
   * holds exactly what a spare of the tool holds, and goes to the caller with the definition.
   */
  private async compileInCodeWorker(source: string): Promise<PythonCompileResult> {
    let session: WorkerSession;
    try {
      session = await this.host.startPythonWorker('code');
    } catch (error) {
      return { ok: false, kind: 'sandbox', errors: [{ line: 1, column: 1, message: `Python could not start: ${String(error)}` }] };
    }
    const loaded = await loadPythonInto(this.host, session, this.nextRequestId++, source);
    if (loaded.ok) return { ok: true, definition: loaded.definition, worker: session };
    // A code worker holds one module for good: one that did not load is of no further use.
    session.terminate();
    return { ok: false, kind: loaded.kind, errors: loaded.errors };
  }

  private async worker(): Promise<WorkerSession> {
    this.session ??= this.host.startPythonWorker('compile');
    const session = await this.session;
    if (!session.end) return session;
    // Ended while idle (the iframe was rebuilt): one new worker.
    this.session = this.host.startPythonWorker('compile');
    return this.session;
  }

  private replace(session: WorkerSession): void {
    session.terminate();
    this.session = undefined;
    this.compiles = 0;
    this.prewarm();
  }
}
