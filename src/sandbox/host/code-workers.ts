import { requiresZod, type TranspiledModule } from '../transpile.ts';
import type { LoadedWorker } from './loaded-worker.ts';
import { loadColdWorker, loadWorker } from './module-loader.ts';
import type { SandboxHost } from './sandbox-host.ts';

// Workers for the execute calls of one tool. Every call still gets a worker nobody used before, and
// that worker is terminated when the call ends, so terminate() stays the kill switch and no state
// leaks from one call to the next. What changes is *when* its module loads: spares (warm workers from
// the pool with the module already run) wait for the next calls, as many as the tool lately ran at
// once (a model that fans out ten calls tends to do it again), at most `maxSpares`; and while calls run
// side by side (a batch under a concurrency limit), `sparesAhead` load for the calls queued behind them.
// Without a spare, a call takes a warm worker and loads the module then. Spares that wait too long are dropped.

export const defaultSpareIdleMs = 30_000;
/** Spares of one tool at most: each is an idle thread holding the module. */
export const maxSpares = 12;
/**
 * Spares kept loading while calls of the tool run side by side: the next calls of a batch wait for no
 * module load. Six, since a spare starts cold (a worker's whole start-up, tens of ms on a busy machine)
 * and eight calls at once end every ~12 ms: with two, calls waited for their spare (ADR 0035).
 */
export const sparesAhead = 6;

/** Starts a worker and loads the tool's module into it; a failed load has stopped its worker already. */
export type WorkerLoader = (signal?: AbortSignal, ahead?: boolean) => Promise<LoadedWorker>;

export class CodeWorkers {
  private readonly spares: Promise<LoadedWorker>[] = [];
  /** Calls that took a worker and have not released it yet, and the most at once since the spares were last dropped. */
  private active = 0;
  private peak = 1;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly load: WorkerLoader,
    private readonly spareIdleMs = defaultSpareIdleMs,
    private readonly spareLimit = maxSpares,
  ) {}

  /**
   * Workers of a TypeScript tool. A spare starts cold, from the module's own script with the harness
   * after it (ADR 0035); a call that finds no spare takes a warm worker from the pool and loads the
   * module into it, which is quicker than a start. A module that imports zod loads it before its top
   * level runs, which only load-module does: its spares are warm workers too.
   */
  static forModule(host: SandboxHost, source: string, module: TranspiledModule, spareIdleMs = defaultSpareIdleMs): CodeWorkers {
    const cold = !requiresZod(module.code);
    return new CodeWorkers(
      (signal, ahead) =>
        ahead && cold ? loadColdWorker(host, source, module, { signal, ahead }) : loadWorker(host, 'code', source, module, signal, ahead),
      spareIdleMs,
    );
  }

  /** A loaded worker that belongs to the caller from now on (it must terminate it, then call release). */
  async take(signal: AbortSignal): Promise<LoadedWorker> {
    this.active++;
    this.peak = Math.min(this.spareLimit, Math.max(this.peak, this.active));
    // Calls side by side (a batch under a limit): the calls behind these will want workers as these end.
    if (this.active > 1 && !this.disposed) this.fill(Math.min(sparesAhead, this.spareLimit));
    const spare = this.spares.shift();
    if (spare) {
      const loaded = await adopt(spare, signal);
      // A spare whose worker ended (the iframe was rebuilt) or that failed to load is left; its worker is gone already.
      if (loaded.ok && !loaded.session.end) return loaded;
    }
    return this.load(signal);
  }

  /**
   * A call ended. Once none of this tool's calls runs, spares are prepared for as many calls as ran at
   * once, for the next fan-out; while calls run, only the `sparesAhead` that `take` keeps loading compete
   * with them for the CPU.
   */
  release(options: { prepareSpares: boolean } = { prepareSpares: true }): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active === 0 && options.prepareSpares) void this.prepare(this.peak);
  }

  /** A worker with this tool's module loaded elsewhere (a compile's, handed over): the next call's spare. */
  seed(loaded: LoadedWorker): void {
    if (this.disposed) {
      if (loaded.ok) loaded.session.terminate();
      return;
    }
    this.spares.push(Promise.resolve(loaded));
    this.restartIdleTimer();
  }

  /** Starts spares until `count` are waiting; resolves once they are loaded (or failed). */
  prepare(count = 1): Promise<unknown> {
    if (this.disposed) return Promise.resolve();
    this.fill(count);
    // Idle counts from when the spares are ready: a Python spare can take longer to boot than the idle time,
    // and one dropped while it loads is a boot wasted and a call left waiting for the next.
    clearTimeout(this.idleTimer);
    const loaded = Promise.all(this.spares.map((spare) => spare.catch(() => undefined)));
    void loaded.then(() => {
      if (!this.disposed) this.restartIdleTimer();
    });
    return loaded;
  }

  /** Starts loading spares until `count` are waiting or loading. */
  private fill(count: number): void {
    while (this.spares.length < count) {
      // Ahead of need: made after the task that asked for it (often a call's end, whose result goes first).
      const spare = this.load(undefined, true);
      // Not awaited by anyone yet: a failure is seen by the call that takes it.
      spare.catch(() => undefined);
      this.spares.push(spare);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.dropSpares();
  }

  private restartIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.dropSpares(), this.spareIdleMs);
  }

  private dropSpares(): void {
    clearTimeout(this.idleTimer);
    this.peak = 1;
    for (const spare of this.spares.splice(0)) {
      void spare.then(
        (loaded) => loaded.ok && loaded.session.terminate(),
        () => undefined,
      );
    }
  }
}

/** Waits for a spare under the call's signal; if the call is aborted first, the spare is stopped once it has loaded. */
function adopt(spare: Promise<LoadedWorker>, signal: AbortSignal): Promise<LoadedWorker> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      void spare.then(
        (loaded) => loaded.ok && loaded.session.terminate(),
        () => undefined,
      );
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    // Abort fires once; after the spare settled the listener must go, or a later abort would stop a worker the call owns.
    signal.addEventListener('abort', onAbort);
    void spare.finally(() => signal.removeEventListener('abort', onAbort)).then(resolve, reject);
  });
}
