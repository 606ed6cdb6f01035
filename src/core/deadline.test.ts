import { describe, expect, it, vi } from 'vitest';
import { LazyAbort, raceDeadline, type DeadlineOptions, type LateSettle } from './deadline.ts';
import { settle, VirtualClock } from './virtual-clock.ts';

// Issue 20: raceDeadline on its own (mutation testing: 71 % through the executor's tests alone).

function options(clock: VirtualClock, overrides: Partial<DeadlineOptions> = {}): DeadlineOptions {
  return { clock, timeoutMs: 100, timeoutReason: () => new DOMException('late', 'TimeoutError'), ...overrides };
}

describe('raceDeadline', () => {
  it('answers synchronous work at once, with no timer and no listener', () => {
    const clock = new VirtualClock();
    const caller = new AbortController();
    const add = vi.spyOn(caller.signal, 'addEventListener');
    expect(raceDeadline(() => 42, options(clock, { signal: caller.signal }))).toEqual({ kind: 'value', value: 42 });
    expect(raceDeadline(() => undefined, options(clock))).toEqual({ kind: 'value', value: undefined });
    expect(raceDeadline(() => null, options(clock))).toEqual({ kind: 'value', value: null });
    expect(clock.pendingTimers).toBe(0);
    expect(add).not.toHaveBeenCalled();
  });

  it('reports a synchronous throw, even of null, as an error', () => {
    const clock = new VirtualClock();
    expect(
      raceDeadline(() => {
        throw null;
      }, options(clock)),
    ).toEqual({ kind: 'error', error: null });
  });

  it('treats any object with a then method as async work, and plain objects and functions as values', async () => {
    const clock = new VirtualClock();
    const thenable = { then: (resolve: (value: string) => void) => resolve('from thenable') };
    expect(await raceDeadline(() => thenable as unknown as Promise<string>, options(clock))).toEqual({
      kind: 'value',
      value: 'from thenable',
    });
    const plain = { then: 'not a function' };
    expect(raceDeadline(() => plain, options(clock))).toEqual({ kind: 'value', value: plain });
    const callable = Object.assign(() => 1, { then: undefined });
    expect(raceDeadline(() => callable, options(clock))).toEqual({ kind: 'value', value: callable });
    const thenableFunction = Object.assign(() => 1, { then: (resolve: (value: number) => void) => resolve(7) });
    expect(await raceDeadline(() => thenableFunction as unknown as Promise<number>, options(clock))).toEqual({ kind: 'value', value: 7 });
  });

  it('does not start work when the caller already aborted', () => {
    const clock = new VirtualClock();
    const work = vi.fn();
    const caller = new AbortController();
    caller.abort('gone');
    expect(raceDeadline(work, options(clock, { signal: caller.signal }))).toEqual({ kind: 'aborted', reason: 'gone' });
    expect(work).not.toHaveBeenCalled();
  });

  it('times out exactly at the deadline, aborts the work with the reason, and reports the late settle', async () => {
    const clock = new VirtualClock();
    const late: LateSettle[] = [];
    let signal: AbortSignal | undefined;
    let finish: (value: string) => void = () => undefined;
    const pending = raceDeadline(
      (abort) => {
        signal = abort.signal;
        return new Promise<string>((resolve) => (finish = resolve));
      },
      options(clock, { onLateSettle: (settle) => late.push(settle) }),
    );
    await clock.advance(99);
    expect(signal?.aborted).toBe(false);
    await clock.advance(1);
    expect(await pending).toEqual({ kind: 'timeout' });
    expect(signal?.reason).toEqual(new DOMException('late', 'TimeoutError'));
    finish('too late');
    await settle();
    expect(late).toEqual([{ outcome: 'success' }]);
  });

  it('reports a late failure with its error, and does nothing on a late settle when nobody listens', async () => {
    const clock = new VirtualClock();
    const late: LateSettle[] = [];
    let fail: (error: unknown) => void = () => undefined;
    const pending = raceDeadline(
      () => new Promise((_, reject) => (fail = reject)),
      options(clock, { onLateSettle: (settle) => late.push(settle) }),
    );
    await clock.advance(100);
    expect(await pending).toEqual({ kind: 'timeout' });
    fail(new Error('crashed late'));
    await settle();
    expect(late).toEqual([{ outcome: 'error', error: new Error('crashed late') }]);

    let failQuietly: (error: unknown) => void = () => undefined;
    const quiet = raceDeadline(() => new Promise((_, reject) => (failQuietly = reject)), options(clock));
    await clock.advance(100);
    expect(await quiet).toEqual({ kind: 'timeout' });
    failQuietly(new Error('nobody hears'));
    await settle();
  });

  it('uses a deadline of 0 for a negative timeout, and none at all for an infinite one', async () => {
    const clock = new VirtualClock();
    const negative = raceDeadline(() => new Promise(() => undefined), options(clock, { timeoutMs: -5 }));
    await clock.advance(0);
    expect(await negative).toEqual({ kind: 'timeout' });
    const forever = raceDeadline(() => new Promise(() => undefined), options(clock, { timeoutMs: Number.POSITIVE_INFINITY }));
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(1e9);
    let settled = false;
    void Promise.resolve(forever).then(() => (settled = true));
    await settle();
    expect(settled).toBe(false);
  });

  it('ends at the caller abort with its reason, then aborts the work; a result after that is late', async () => {
    const clock = new VirtualClock();
    const caller = new AbortController();
    const late: LateSettle[] = [];
    let workSignal: AbortSignal | undefined;
    let finish: (value: string) => void = () => undefined;
    const pending = raceDeadline(
      (abort) => {
        workSignal = abort.signal;
        return new Promise<string>((resolve) => (finish = resolve));
      },
      options(clock, { signal: caller.signal, onLateSettle: (settle) => late.push(settle) }),
    );
    caller.abort('user pressed Stop');
    expect(await pending).toEqual({ kind: 'aborted', reason: 'user pressed Stop' });
    expect(workSignal?.reason).toBe('user pressed Stop');
    expect(clock.pendingTimers).toBe(0);
    finish('done anyway');
    await settle();
    expect(late).toEqual([{ outcome: 'success' }]);
  });

  it('removes its listener from the caller signal and cancels its timer once the work answers (issue 20)', async () => {
    const clock = new VirtualClock();
    const caller = new AbortController();
    const remove = vi.spyOn(caller.signal, 'removeEventListener');
    const result = await raceDeadline(() => Promise.resolve('quick'), options(clock, { signal: caller.signal }));
    expect(result).toEqual({ kind: 'value', value: 'quick' });
    expect(remove.mock.calls.map(([type]) => type)).toEqual(['abort']);
    expect(clock.pendingTimers).toBe(0);
    // Aborting later changes nothing: the listener is gone.
    caller.abort();
  });

  it('reports an async failure as an error, and uses the abort it is given for the work', async () => {
    const clock = new VirtualClock();
    const abort = new LazyAbort();
    let seen: LazyAbort | undefined;
    const failed = await raceDeadline(
      (workAbort) => {
        seen = workAbort;
        return Promise.reject(new TypeError('broken'));
      },
      options(clock, { abort }),
    );
    expect(failed).toEqual({ kind: 'error', error: new TypeError('broken') });
    expect(seen).toBe(abort);
    expect(abort.aborted).toBe(false);
    expect(abort.signal.aborted).toBe(false);
  });

  it('times out work that never read its signal without building the timeout reason', async () => {
    const clock = new VirtualClock();
    const timeoutReason = vi.fn(() => new DOMException('late', 'TimeoutError'));
    let workAbort: LazyAbort | undefined;
    const pending = raceDeadline(
      (abort) => {
        workAbort = abort;
        return new Promise(() => undefined);
      },
      options(clock, { timeoutReason }),
    );
    await clock.advance(100);
    expect(await pending).toEqual({ kind: 'timeout' });
    expect(workAbort?.aborted).toBe(true);
    expect(timeoutReason).not.toHaveBeenCalled();
    // Read late, the signal is already aborted, with the reason built once.
    expect(workAbort?.signal.reason).toEqual(new DOMException('late', 'TimeoutError'));
    expect(workAbort?.signal.aborted).toBe(true);
    expect(timeoutReason).toHaveBeenCalledTimes(1);
  });

  it('works on a clock without setTimer, cancelling its sleep once decided', async () => {
    const clock = new VirtualClock();
    const sleepOnly = { now: () => clock.now(), sleep: (ms: number, signal?: AbortSignal) => clock.sleep(ms, signal) };
    const quick = await raceDeadline(() => Promise.resolve(1), { ...options(clock), clock: sleepOnly });
    expect(quick).toEqual({ kind: 'value', value: 1 });
    await settle();
    expect(clock.pendingTimers).toBe(0);
    const slow = raceDeadline(() => new Promise(() => undefined), { ...options(clock), clock: sleepOnly });
    await clock.advance(100);
    expect(await slow).toEqual({ kind: 'timeout' });
  });
});

describe('LazyAbort', () => {
  it('makes one signal on first read and aborts it with the reason, built once; a second abort changes nothing', () => {
    const abort = new LazyAbort();
    expect(abort.aborted).toBe(false);
    const signal = abort.signal;
    expect(abort.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    const first = vi.fn(() => 'first');
    const second = vi.fn(() => 'second');
    abort.abort(first);
    abort.abort(second);
    expect(abort.aborted).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('first');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('hands out an already aborted signal when aborted before anyone asked, keeping the first reason', () => {
    const abort = new LazyAbort();
    const reason = vi.fn(() => 'stopped');
    abort.abort(reason);
    abort.abort(() => 'ignored');
    expect(reason).not.toHaveBeenCalled();
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe('stopped');
    expect(abort.signal).toBe(abort.signal);
    expect(reason).toHaveBeenCalledTimes(1);
  });
});
