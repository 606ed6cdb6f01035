import type { WorkerReadyMessage } from '../protocol/frame-messages.ts';

// Workers with the harness already evaluated and no user code yet, kept in the sandbox iframe so a
// call or a compile does not wait for a worker to start. A worker leaves the pool for good: it is
// terminated after the one call (or compile batch) it serves, never handed back. Refilling starts one
// worker at a time (the next when the last is ready), so a refill never starts a burst of workers.
// All of a pool's workers start from one Blob URL of the harness, made once: a URL is a synchronous
// round trip to the browser process, and the iframe made one per worker (~1.5 ms of its thread each
// in a fan-out). See docs/adr/0008-warm-worker-pool.md and its addendum.

export interface PoolEnvironment {
  createWorker(url: string): Worker;
  createUrl(blob: Blob): string;
  revokeUrl(url: string): void;
  /** Runs `callback` after the current task: the frame's own thread is almost always idle. */
  soon(callback: () => void): void;
}

interface PooledWorker {
  worker: Worker;
  ready: boolean;
  release(): void;
}

export const browserPoolEnvironment: PoolEnvironment = {
  createWorker: (url) => new Worker(url, { name: 'toolscope-worker' }),
  createUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  // Not requestIdleCallback: Chromium throttles a hidden cross-origin frame, whose idle callbacks then
  // only come at their timeout (measured: the pool refilled one worker per 500 ms).
  soon: (callback) => setTimeout(callback, 0),
};

export class WarmPool {
  private readonly idle: PooledWorker[] = [];
  private refillScheduled = false;
  private disposed = false;
  /** The harness's URL, made at the first start and revoked when the pool is disposed. */
  private harnessUrl: string | undefined;

  constructor(
    private readonly harness: Blob,
    readonly size: number,
    private readonly environment: PoolEnvironment = browserPoolEnvironment,
  ) {}

  /** Workers waiting (ready or still starting). */
  get waiting(): number {
    return this.idle.length;
  }

  /** Starts filling the pool, one worker at a time. */
  fill(): void {
    this.scheduleRefill();
  }

  /**
   * A worker for one job: a ready one if there is one, else one still starting (it is ahead of a new
   * one), else a new one. `warm` says whether its harness had already been evaluated.
   */
  take(): { worker: Worker; warm: boolean } {
    const index = this.idle.findIndex((pooled) => pooled.ready);
    const pooled = index >= 0 ? this.idle.splice(index, 1)[0] : this.idle.shift();
    this.scheduleRefill();
    if (pooled) {
      pooled.release();
      return { worker: pooled.worker, warm: pooled.ready };
    }
    return { worker: this.start(false).worker, warm: false };
  }

  dispose(): void {
    this.disposed = true;
    for (const pooled of this.idle.splice(0)) {
      pooled.release();
      pooled.worker.terminate();
    }
    if (this.harnessUrl !== undefined) this.environment.revokeUrl(this.harnessUrl);
    this.harnessUrl = undefined;
  }

  private scheduleRefill(): void {
    if (this.disposed || this.refillScheduled || this.idle.length >= this.size) return;
    // One at a time: the next starts when this one is ready (see start).
    if (this.idle.some((pooled) => !pooled.ready)) return;
    this.refillScheduled = true;
    this.environment.soon(() => {
      this.refillScheduled = false;
      if (this.disposed || this.idle.length >= this.size) return;
      this.idle.push(this.start(true));
    });
  }

  /**
   * A new worker from the pool's URL of the harness. User code can read `location`, which then names a
   * URL still valid: it holds the harness, which every worker runs anyway, and a worker can make Blob
   * URLs of its own, so it gains nothing (the Python pool's scripts are shared the same way).
   */
  private start(pooled: boolean): PooledWorker {
    this.harnessUrl ??= this.environment.createUrl(this.harness);
    const worker = this.environment.createWorker(this.harnessUrl);
    let released = false;
    const entry: PooledWorker = {
      worker,
      ready: false,
      release: () => {
        released = true;
        worker.removeEventListener('error', onError);
      },
    };
    const onMessage = (event: MessageEvent) => {
      if ((event.data as WorkerReadyMessage | undefined)?.type !== 'worker-ready') return;
      worker.removeEventListener('message', onMessage);
      entry.ready = true;
      if (pooled && !released) this.scheduleRefill();
    };
    // An idle worker that fails is dropped; once taken, errors are the caller's to report.
    const onError = (event: Event) => {
      event.preventDefault();
      const index = this.idle.indexOf(entry);
      if (index < 0) return;
      this.idle.splice(index, 1);
      worker.terminate();
      this.scheduleRefill();
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    return entry;
  }
}
