import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortReason, RealClock, startTimer } from './clock.ts';
import type { Clock } from './clock.ts';

const maxTimerMs = 2 ** 31 - 1;

afterEach(() => vi.useRealTimers());

describe('RealClock on fake host timers', () => {
  it('fires a timer at its time, not before, and a negative one at once', () => {
    vi.useFakeTimers();
    const clock = new RealClock();
    const fired: string[] = [];
    clock.setTimer(50, () => fired.push('50'));
    clock.setTimer(-5, () => fired.push('negative'));
    vi.advanceTimersByTime(0);
    expect(fired).toEqual(['negative']);
    vi.advanceTimersByTime(49);
    expect(fired).toEqual(['negative']);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['negative', '50']);
  });

  it('counts a timer from the time its caller read from this clock, when given', () => {
    vi.useFakeTimers();
    const clock = new RealClock();
    const fired: string[] = [];
    const readAt = clock.now();
    vi.advanceTimersByTime(30);
    clock.setTimer(50, () => fired.push('from the read'), readAt);
    vi.advanceTimersByTime(19);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['from the read']);
  });

  it('keeps a timer of exactly 2^31-1 ms, the longest a host can wait', () => {
    vi.useFakeTimers();
    const clock = new RealClock();
    let fired = false;
    clock.setTimer(maxTimerMs, () => (fired = true));
    vi.advanceTimersByTime(maxTimerMs);
    expect(fired).toBe(true);
  });

  it('never fires a timer beyond 2^31-1 ms or of no number, where a host would fire at once', () => {
    vi.useFakeTimers();
    const clock = new RealClock();
    let fired = 0;
    clock.setTimer(maxTimerMs + 1, () => fired++);
    clock.setTimer(Number.NaN, () => fired++);
    clock.setTimer(Number.POSITIVE_INFINITY, () => fired++);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10);
    expect(fired).toBe(0);
  });

  it('sleeps exactly 2^31-1 ms, and beyond that until aborted', async () => {
    vi.useFakeTimers();
    const clock = new RealClock();
    let woke = false;
    const longest = clock.sleep(maxTimerMs).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(maxTimerMs);
    await longest;
    expect(woke).toBe(true);
    const controller = new AbortController();
    let settled = false;
    const beyond = clock.sleep(maxTimerMs + 1, controller.signal).finally(() => (settled = true));
    beyond.catch(() => {});
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    controller.abort(new Error('stopped'));
    await expect(beyond).rejects.toThrow('stopped');
  });
});

describe('RealClock', () => {
  it('is the wall clock at normal speed, which other threads may time waits by', () => {
    expect(new RealClock().realTime).toBe(true);
  });

  it('reads epoch milliseconds that advance with the monotonic clock', async () => {
    const clock = new RealClock();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1_000);
    const before = clock.now();
    await clock.sleep(5);
    expect(clock.now() - before).toBeGreaterThanOrEqual(4);
  });

  it('sleeps beyond 2^31-1 ms without a signal for ever, neither waking nor failing', async () => {
    let settled = false;
    void new RealClock().sleep(maxTimerMs + 1).then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
  });

  it('leaves no abort listener behind on a long-lived signal after its sleeps end', async () => {
    const clock = new RealClock();
    const controller = new AbortController();
    await Promise.all([clock.sleep(1, controller.signal), clock.sleep(2, controller.signal)]);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('abortReason', () => {
  it("is the signal's reason, or an AbortError where the host gave none", () => {
    const reason = new Error('why');
    expect(abortReason({ reason } as AbortSignal)).toBe(reason);
    const fallback = abortReason({ reason: undefined } as AbortSignal);
    expect(fallback).toBeInstanceOf(DOMException);
    expect(fallback).toMatchObject({ name: 'AbortError', message: 'The operation was aborted.' });
  });
});

describe('startTimer', () => {
  it('uses a clock without setTimer through sleep, and cancels that sleep', async () => {
    const signals: AbortSignal[] = [];
    let wake: () => void = () => {};
    const clock: Clock = {
      now: () => 0,
      sleep: (_ms, signal) =>
        new Promise<void>((resolve, reject) => {
          if (signal) signals.push(signal);
          wake = resolve;
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    };
    let fired = 0;
    startTimer(clock, 10, () => fired++);
    wake();
    await Promise.resolve();
    await Promise.resolve();
    expect(fired).toBe(1);
    const cancel = startTimer(clock, 10, () => fired++);
    cancel();
    await Promise.resolve();
    expect(signals[1]?.aborted).toBe(true);
    expect(fired).toBe(1);
  });
});
