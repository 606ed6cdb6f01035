import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { macrotaskScheduler, type MacrotaskHost, VirtualClock } from './virtual-clock.ts';

/** Runs `schedule` with three callbacks queued behind a deep microtask chain; returns the order seen. */
async function orderOf(schedule: (callback: () => void) => void): Promise<string[]> {
  const order: string[] = [];
  void (async () => {
    for (let step = 0; step < 30; step++) await Promise.resolve();
    order.push('microtasks');
  })();
  await new Promise<void>((resolve) => {
    schedule(() => order.push('first'));
    schedule(() => order.push('second'));
    schedule(() => {
      order.push('third');
      resolve();
    });
  });
  return order;
}

const expected = ['microtasks', 'first', 'second', 'third'];

describe('macrotaskScheduler', () => {
  it('uses setImmediate where the host has it (Node)', async () => {
    const used: string[] = [];
    const host: MacrotaskHost = {
      setImmediate: (callback) => (used.push('setImmediate'), setImmediate(callback)),
      MessageChannel: undefined,
      setTimeout: (callback) => (used.push('setTimeout'), setTimeout(callback, 0)),
    };
    expect(await orderOf(macrotaskScheduler(host))).toEqual(expected);
    expect(used).toEqual(['setImmediate', 'setImmediate', 'setImmediate']);
  });

  it('uses a MessageChannel without setImmediate (browsers), one message per callback, in order', async () => {
    const posted: unknown[] = [];
    // A channel whose messages arrive as macrotasks, as a browser's do.
    class Channel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = {
        postMessage: (message: unknown) => {
          posted.push(message);
          setTimeout(() => this.port1.onmessage?.(), 0);
        },
      };
    }
    const host: MacrotaskHost = { MessageChannel: Channel, setTimeout: (callback) => (posted.push('setTimeout'), setTimeout(callback, 0)) };
    expect(await orderOf(macrotaskScheduler(host))).toEqual(expected);
    expect(posted).toEqual([undefined, undefined, undefined]);
  });

  it('falls back to setTimeout(0) on a host with neither', async () => {
    const delays: number[] = [];
    const host: MacrotaskHost = { setTimeout: (callback, ms) => (delays.push(ms), setTimeout(callback, ms)) };
    expect(await orderOf(macrotaskScheduler(host))).toEqual(expected);
    expect(delays).toEqual([0, 0, 0]);
  });
});

describe('VirtualClock, times that are not times', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY])('never fires a timer set for %s and does not move to it', async (ms) => {
    const clock = new VirtualClock(100);
    let fired = false;
    const cancel = clock.setTimer(ms, () => (fired = true));
    expect(clock.pendingTimers).toBe(0);
    await clock.runUntilIdle();
    expect(clock.now()).toBe(100);
    expect(fired).toBe(false);
    cancel();
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('sleeps for %s until aborted, with the abort reason', async (ms) => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    const sleeping = clock.sleep(ms, controller.signal);
    expect(clock.pendingTimers).toBe(0);
    await clock.runUntilIdle();
    controller.abort(new Error('user stopped the run'));
    await expect(sleeping).rejects.toThrow('user stopped the run');
  });

  it('sleeps for ever without a signal, neither waking nor failing', async () => {
    const clock = new VirtualClock();
    let settled = false;
    void clock.sleep(Number.POSITIVE_INFINITY).then(
      () => (settled = true),
      () => (settled = true),
    );
    await clock.runUntilIdle();
    expect(settled).toBe(false);
  });

  it('fires a timer set for a negative time at once, and a cancelled one never', async () => {
    const clock = new VirtualClock(50);
    const fired: number[] = [];
    clock.setTimer(-20, () => fired.push(clock.now()));
    const cancel = clock.setTimer(10, () => fired.push(-1));
    cancel();
    await clock.runUntilIdle();
    expect(fired).toEqual([50]);
  });
});

describe('VirtualClock, listeners and limits', () => {
  it('leaves no abort listener behind on a long-lived signal after its sleeps end', async () => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    for (let index = 0; index < 20; index++) void clock.sleep(index, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(20);
    await clock.runUntilIdle();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('fires exactly maxSteps timers before runUntilIdle gives up', async () => {
    const clock = new VirtualClock();
    let fired = 0;
    const again = (): void => {
      fired++;
      clock.setTimer(1, again);
    };
    clock.setTimer(1, again);
    await expect(clock.runUntilIdle(3)).rejects.toThrow('VirtualClock.runUntilIdle: still busy after 3 timers');
    expect(fired).toBe(3);
  });
});
