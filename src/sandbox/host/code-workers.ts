import type { TranspiledModule } from '../transpile.ts';
import { loadWorker, type LoadedWorker } from './module-loader.ts';
import type { SandboxHost } from './sandbox-host.ts';

// Workers for the execute calls of one tool. Every call still gets a worker nobody used before, and
// that worker is terminated when the call ends, so terminate() stays the kill switch and no state
// leaks from one call to the next. What changes is *when* its module loads: one spare (a warm worker
// from the pool with the module already run) waits for the next call. Without a spare, a call takes
// a warm worker and loads the module then. A spare that waits too long is dropped.

export const defaultSpareIdleMs = 30_000;

export class CodeWorkers {
  private spare: Promise<LoadedWorker> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly host: SandboxHost,
    private readonly source: string,
    private readonly module: TranspiledModule,
    private readonly spareIdleMs = defaultSpareIdleMs,
  ) {}

  /** A loaded worker that belongs to the caller from now on (it must terminate it, then call refill). */
  async take(signal: AbortSignal): Promise<LoadedWorker> {
    const spare = this.spare;
    this.spare = undefined;
    if (spare) {
      const loaded = await adopt(spare, signal);
      if (loaded.ok && !loaded.session.end) return loaded;
      if (loaded.ok) loaded.session.terminate();
    }
    return loadWorker(this.host, 'code', this.source, this.module, signal);
  }

  /**
   * Starts the next spare, if none is waiting. Called when a call has ended rather than when it
   * starts, so the spare's start-up does not compete with the call for the CPU.
   */
  refill(): void {
    void this.prepare();
  }

  /** Starts the spare if none is waiting; resolves once it is loaded (or failed). */
  prepare(): Promise<unknown> {
    if (this.disposed) return Promise.resolve();
    if (!this.spare) {
      this.spare = loadWorker(this.host, 'code', this.source, this.module);
      // Not awaited by anyone yet: a failure is seen by the call that takes it.
      this.spare.catch(() => undefined);
    }
    this.restartIdleTimer();
    return this.spare.catch(() => undefined);
  }

  dispose(): void {
    this.disposed = true;
    this.dropSpare();
  }

  private restartIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.dropSpare(), this.spareIdleMs);
  }

  private dropSpare(): void {
    clearTimeout(this.idleTimer);
    const spare = this.spare;
    this.spare = undefined;
    void spare?.then(
      (loaded) => loaded.ok && loaded.session.terminate(),
      () => undefined,
    );
  }
}

/** Waits for a spare under the call's signal; if the call is aborted first, the spare is stopped. */
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
    signal.addEventListener('abort', onAbort, { once: true });
    spare.then(
      (loaded) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) {
          if (loaded.ok) loaded.session.terminate();
          return;
        }
        resolve(loaded);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
