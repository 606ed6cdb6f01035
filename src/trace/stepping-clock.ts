// A VirtualClock that knows when its next timer is due, so a driver can jump straight to it. Core's
// VirtualClock advances by a distance; tools that run in a worker need the driver to decide *when* to
// advance (only once the real work in flight has reached a wait), which needs the next due time.
import { VirtualClock, type Clock } from '../core/index.ts';

export class SteppingClock implements Clock {
  private readonly inner: VirtualClock;
  private readonly due = new Map<number, number>();

  constructor(start = 0) {
    this.inner = new VirtualClock(start);
  }

  now(): number {
    return this.inner.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const at = this.inner.now() + Math.max(0, ms);
    this.due.set(at, (this.due.get(at) ?? 0) + 1);
    const forget = () => {
      const count = (this.due.get(at) ?? 1) - 1;
      if (count > 0) this.due.set(at, count);
      else this.due.delete(at);
    };
    const sleeping = this.inner.sleep(ms, signal);
    sleeping.then(forget, forget);
    return sleeping;
  }

  /** When the earliest pending timer fires; undefined when nothing waits on the clock. */
  nextDue(): number | undefined {
    let earliest: number | undefined;
    for (const at of this.due.keys()) if (earliest === undefined || at < earliest) earliest = at;
    return earliest;
  }

  /** Moves to the next due timer (firing it and whatever it sets off); false when none is pending. */
  async step(): Promise<boolean> {
    const next = this.nextDue();
    if (next === undefined) return false;
    await this.inner.advance(Math.max(0, next - this.inner.now()));
    return true;
  }
}
