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

export type PythonCompileResult = Result<{ definition: PythonDefinition }, { errors: SourceError[]; kind: FailureKind }>;

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

  compile(source: string): Promise<PythonCompileResult> {
    const run = this.queue.then(() => this.compileNow(source));
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
