import { RealClock } from './clock.ts';
import type { Clock } from './clock.ts';

/**
 * Real time played at `speed` (0.2 = five times slower): sleeps, timeouts and backoff all stretch
 * together, and `now()` reports the run's own time, so a slow-motion run shows the same numbers as a
 * real-time one while the user watches it unfold.
 */
export class ScaledClock implements Clock {
  private readonly real = new RealClock();
  private readonly origin = this.real.now();
  /** At speed 1 this is the wall clock (see Clock.realTime). */
  readonly realTime: boolean;

  constructor(readonly speed: number) {
    if (!(speed > 0)) throw new RangeError(`speed must be above 0, got ${speed}`);
    this.realTime = speed === 1;
  }

  now(): number {
    return this.origin + (this.real.now() - this.origin) * this.speed;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return this.real.sleep(ms / this.speed, signal);
  }

  /** Deadlines stretch like sleeps; without this the executor would time them with a sleep and an AbortController each. */
  setTimer(ms: number, callback: () => void): () => void {
    return this.real.setTimer(ms / this.speed, callback);
  }
}
