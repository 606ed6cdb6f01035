/**
 * One run at a time: a test call or an agent conversation. Starting a run aborts the previous one, and
 * Stop aborts whatever is running. Shared by every run of a session.
 */
export class RunControl {
  private controller: AbortController | null = null;
  private counter = 0;

  /** Aborts the running run (if any) and returns the new run's id and signal. */
  start(): { id: number; signal: AbortSignal } {
    this.controller?.abort(new Error('Superseded by a new run'));
    this.controller = new AbortController();
    return { id: ++this.counter, signal: this.controller.signal };
  }

  /** Stops the running run; with `signal`, only if that run is still the one running. */
  stop(signal?: AbortSignal): void {
    if (signal && this.controller?.signal !== signal) return;
    this.controller?.abort(new Error('Stopped by the user'));
    this.controller = null;
  }

  /** Forgets the run's controller, unless a newer run replaced it. */
  finish(signal: AbortSignal): void {
    if (this.controller?.signal === signal) this.controller = null;
  }
}
