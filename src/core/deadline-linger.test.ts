import { describe, expect, it, vi } from 'vitest';
import { LazyAbort, raceDeadline, type DeadlineOptions, type LateSettle } from './deadline.ts';
import type { KillReason } from './timeout-strategy.ts';
import type { Clock } from './clock.ts';
import { settle, VirtualClock } from './virtual-clock.ts';

// Issue 20: what raceDeadline does with work that runs on after the race is decided (lingers): the kill
// timer, a caller's abort while it lingers, and the listeners and timers it leaves behind.

interface Watch {
  events: string[];
  late: LateSettle[];
  kills: KillReason[];
  options: DeadlineOptions;
}

function watched(clock: Clock, overrides: Partial<DeadlineOptions> = {}): Watch {
  const events: string[] = [];
  const late: LateSettle[] = [];
  const kills: KillReason[] = [];
  const options: DeadlineOptions = {
    clock,
    timeoutMs: 100,
    timeoutReason: () => 'deadline passed',
    onLingering: () => events.push('lingering'),
    onLingerEnd: () => events.push('linger-end'),
    onLateSettle: (settle) => late.push(settle),
    onKill: (reason) => kills.push(reason),
    ...overrides,
  };
  return { events, late, kills, options };
}

/** Work that only ends when told to, and the signal it was given. */
function pendingWork() {
  const work = { signal: undefined as AbortSignal | undefined, finish: (_value: string) => {} };
  const run = (abort: LazyAbort) => {
    work.signal = abort.signal;
    return new Promise<string>((resolve) => (work.finish = resolve));
  };
  return { work, run };
}

/** A clock that records every timer asked of it. */
function recordingClock(clock: VirtualClock): { clock: Clock; timers: number[] } {
  const timers: number[] = [];
  return {
    timers,
    clock: {
      now: () => clock.now(),
      sleep: (ms, signal) => clock.sleep(ms, signal),
      setTimer: (ms, callback) => (timers.push(ms), clock.setTimer(ms, callback)),
    },
  };
}

describe('raceDeadline with lingering work', () => {
  it('kills lingering work exactly killAfterMs after the deadline, with grace-expired unless told otherwise', async () => {
    for (const [killReason, expected] of [
      [undefined, 'grace-expired'],
      ['linger-limit', 'linger-limit'],
    ] as const) {
      const clock = new VirtualClock();
      const kill = new LazyAbort();
      const { work, run } = pendingWork();
      const watch = watched(clock, { kill, killAfterMs: 50, killReason });
      const pending = raceDeadline(run, watch.options);
      await clock.advance(100);
      expect(await pending).toEqual({ kind: 'timeout' });
      expect(work.signal?.reason).toBe('deadline passed');
      expect(watch.events).toEqual(['lingering']);
      await clock.advance(49);
      expect(kill.aborted).toBe(false);
      await clock.advance(1);
      expect(kill.signal.reason).toEqual(new DOMException('The work was stopped by force', 'AbortError'));
      expect(watch.kills).toEqual([expected]);
      expect(watch.events).toEqual(['lingering', 'linger-end']);
      // Settling after the kill is not reported: the work is gone as far as the executor knows.
      work.finish('after the kill');
      await settle();
      expect(watch.late).toEqual([]);
      expect(watch.events).toEqual(['lingering', 'linger-end']);
    }
  });

  it('kills at once when the caller aborts lingering work, passing on the caller reason under the race strategy', async () => {
    const clock = new VirtualClock();
    const caller = new AbortController();
    const kill = new LazyAbort();
    const { work, run } = pendingWork();
    const watch = watched(clock, { kill, killAfterMs: 1000, strategy: 'race', signal: caller.signal });
    const pending = raceDeadline(run, watch.options);
    await clock.advance(100);
    expect(await pending).toEqual({ kind: 'timeout' });
    // `race` leaves the work alone at the deadline.
    expect(work.signal?.aborted).toBe(false);
    expect(clock.pendingTimers).toBe(1);
    const remove = vi.spyOn(caller.signal, 'removeEventListener');
    caller.abort('user pressed Stop');
    expect(work.signal?.reason).toBe('user pressed Stop');
    expect(kill.aborted).toBe(true);
    expect(watch.kills).toEqual(['stopped']);
    expect(watch.events).toEqual(['lingering', 'linger-end']);
    expect(clock.pendingTimers).toBe(0);
    expect(remove).toHaveBeenCalledWith('abort', expect.anything());
  });

  it('kills killable work at once when the caller aborts before the deadline, and listens to it no more', async () => {
    const clock = new VirtualClock();
    const caller = new AbortController();
    const add = vi.spyOn(caller.signal, 'addEventListener');
    const kill = new LazyAbort();
    const { work, run } = pendingWork();
    const watch = watched(clock, { kill, killAfterMs: 50, signal: caller.signal });
    const pending = raceDeadline(run, watch.options);
    await clock.advance(10);
    caller.abort('gone');
    expect(await pending).toEqual({ kind: 'aborted', reason: 'gone' });
    expect(work.signal?.reason).toBe('gone');
    expect(kill.aborted).toBe(true);
    expect(watch.kills).toEqual(['stopped']);
    expect(watch.events).toEqual(['lingering', 'linger-end']);
    expect(add).toHaveBeenCalledTimes(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('without a kill, a caller abort only ends the race: no kill timer, and the late settle is still reported', async () => {
    const clock = new VirtualClock();
    const caller = new AbortController();
    const add = vi.spyOn(caller.signal, 'addEventListener');
    const { work, run } = pendingWork();
    const watch = watched(clock, { killAfterMs: 50, signal: caller.signal });
    const pending = raceDeadline(run, watch.options);
    caller.abort('gone');
    expect(await pending).toEqual({ kind: 'aborted', reason: 'gone' });
    expect(add).toHaveBeenCalledTimes(1);
    expect(clock.pendingTimers).toBe(0);
    expect(watch.events).toEqual(['lingering']);
    work.finish('late');
    await settle();
    expect(watch.events).toEqual(['lingering', 'linger-end']);
    expect(watch.late).toEqual([{ outcome: 'success' }]);
    expect(watch.kills).toEqual([]);
  });

  it('under race without a kill, a caller abort of lingering work aborts its signal and nothing more', async () => {
    const clock = new VirtualClock();
    const caller = new AbortController();
    const { work, run } = pendingWork();
    const watch = watched(clock, { killAfterMs: 50, strategy: 'race', signal: caller.signal });
    const pending = raceDeadline(run, watch.options);
    await clock.advance(100);
    expect(await pending).toEqual({ kind: 'timeout' });
    expect(clock.pendingTimers).toBe(0);
    caller.abort('user pressed Stop');
    expect(work.signal?.reason).toBe('user pressed Stop');
    expect(watch.kills).toEqual([]);
    expect(watch.events).toEqual(['lingering']);
    work.finish('late');
    await settle();
    expect(watch.late).toEqual([{ outcome: 'success' }]);
    expect(watch.events).toEqual(['lingering', 'linger-end']);
  });

  it('kills without anyone listening for it, and answers work that settles with no deadline at all', async () => {
    const clock = new VirtualClock();
    const kill = new LazyAbort();
    const pending = raceDeadline(() => new Promise(() => undefined), {
      clock,
      timeoutMs: 100,
      timeoutReason: () => 'late',
      kill,
      killAfterMs: 10,
    });
    await clock.advance(110);
    expect(await pending).toEqual({ kind: 'timeout' });
    expect(kill.aborted).toBe(true);
    const forever = raceDeadline(() => Promise.resolve('done'), {
      clock,
      timeoutMs: Number.POSITIVE_INFINITY,
      timeoutReason: () => 'late',
    });
    expect(await forever).toEqual({ kind: 'value', value: 'done' });
  });

  it('asks for no timer when the timeout or the kill delay is infinite or missing', async () => {
    const virtual = new VirtualClock();
    const { clock, timers } = recordingClock(virtual);
    const forever = raceDeadline(() => new Promise(() => undefined), watched(clock, { timeoutMs: Number.POSITIVE_INFINITY }).options);
    expect(timers).toEqual([]);
    for (const killAfterMs of [undefined, Number.POSITIVE_INFINITY, Number.NaN]) {
      const kill = new LazyAbort();
      const pending = raceDeadline(() => new Promise(() => undefined), watched(clock, { kill, killAfterMs }).options);
      await virtual.advance(100);
      expect(await pending).toEqual({ kind: 'timeout' });
      expect(kill.aborted).toBe(false);
    }
    expect(timers).toEqual([100, 100, 100]);
    const negative = raceDeadline(() => new Promise(() => undefined), watched(clock, { kill: new LazyAbort(), killAfterMs: -5 }).options);
    await virtual.advance(100);
    expect(await negative).toEqual({ kind: 'timeout' });
    expect(timers).toEqual([100, 100, 100, 100, 0]);
    void forever;
  });

  it('work that stops when told, at the deadline or at a Stop, is heard as late after the race is decided', async () => {
    for (const end of ['deadline', 'stop'] as const) {
      const clock = new VirtualClock();
      const caller = new AbortController();
      const heard: string[] = [];
      const watch = watched(clock, { signal: caller.signal, onLateSettle: (late) => heard.push(`late ${late.outcome}`) });
      const pending = raceDeadline(
        (abort) => new Promise<string>((_, reject) => abort.signal.addEventListener('abort', () => reject(abort.signal.reason))),
        watch.options,
      );
      void (pending as Promise<unknown>).then((outcome) => heard.push(`decided ${(outcome as { kind: string }).kind}`));
      if (end === 'stop') caller.abort('Stop');
      else await clock.advance(100);
      await settle();
      expect(heard).toEqual([end === 'stop' ? 'decided aborted' : 'decided timeout', 'late error']);
    }
  });
});
