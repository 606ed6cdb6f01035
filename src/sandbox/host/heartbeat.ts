// Watches that the sandbox iframe still answers while the host waits on it. A worker cannot block the
// iframe's own thread, so silence means its process is gone (out of memory) or wedged.
// Only runs while something is in flight: an idle sandbox costs nothing.

export interface HeartbeatTarget {
  ping(pingId: number): void;
  onSilent(silentMs: number): void;
}

export class Heartbeat {
  private busy = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private outstanding: { pingId: number; sentAt: number } | undefined;
  private lastBeatAt = 0;
  private nextPingId = 1;
  private readonly intervalMs: number;

  constructor(
    private readonly graceMs: number,
    private readonly target: HeartbeatTarget,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.intervalMs = Math.max(20, Math.floor(graceMs / 4));
  }

  /** Whether anything is in flight (the host is waiting on the iframe). */
  get isBusy(): boolean {
    return this.busy > 0;
  }

  begin(): void {
    this.busy++;
    if (this.timer === undefined) {
      this.lastBeatAt = this.now();
      this.timer = setInterval(() => this.beat(), this.intervalMs);
    }
  }

  end(): void {
    this.busy = Math.max(0, this.busy - 1);
    if (this.busy === 0) this.stop();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.outstanding = undefined;
  }

  /** A new frame: forget pings sent to the old one. */
  reset(): void {
    this.outstanding = undefined;
    this.lastBeatAt = this.now();
  }

  pong(pingId: number): void {
    if (this.outstanding?.pingId === pingId) this.outstanding = undefined;
  }

  private beat(): void {
    const now = this.now();
    const sinceLastBeat = now - this.lastBeatAt;
    this.lastBeatAt = now;
    // This page itself was blocked (a long task, a throttled background tab): the pong may be queued
    // behind this very timer. Judge only after a beat that ran on time.
    if (sinceLastBeat > this.intervalMs * 3) return;
    if (this.outstanding) {
      const silentMs = now - this.outstanding.sentAt;
      if (silentMs > this.graceMs) {
        this.outstanding = undefined;
        this.target.onSilent(silentMs);
      }
      return;
    }
    this.outstanding = { pingId: this.nextPingId++, sentAt: now };
    this.target.ping(this.outstanding.pingId);
  }
}
