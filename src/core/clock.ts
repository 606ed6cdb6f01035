import type { Clock } from './types.ts';

/** The reason a sleep rejects with when its signal aborts without a reason of its own. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

const maxTimerMs = 2_147_483_647;

/**
 * Wall time. `now()` is epoch milliseconds (so an HTTP-date Retry-After can be compared with it) but
 * advances with `performance.now()`, so a system clock adjustment mid-run cannot make a duration negative.
 */
export class RealClock implements Clock {
  private readonly origin = Date.now() - performance.now();

  now(): number {
    return this.origin + performance.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      // Hosts fire timers above 2^31-1 ms at once; waiting "forever" must mean until aborted.
      if (!(ms <= maxTimerMs)) {
        signal?.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
