import { describe, it, expect } from 'vitest';
import { VirtualClock } from './virtual-clock.ts';
import { RealClock } from './clock.ts';

describe('VirtualClock', () => {
  it('starts where told and only moves when advanced', async () => {
    const clock = new VirtualClock(500);
    expect(clock.now()).toBe(500);
    await clock.advance(250);
    expect(clock.now()).toBe(750);
  });

  it('fires timers in time order, ties in creation order, at their own time', async () => {
    const clock = new VirtualClock();
    const fired: string[] = [];
    void clock.sleep(30).then(() => fired.push(`c@${clock.now()}`));
    void clock.sleep(10).then(() => fired.push(`a@${clock.now()}`));
    void clock.sleep(10).then(() => fired.push(`b@${clock.now()}`));
    expect(clock.pendingTimers).toBe(3);
    await clock.advance(20);
    expect(fired).toEqual(['a@10', 'b@10']);
    expect(clock.now()).toBe(20);
    await clock.advance(10);
    expect(fired).toEqual(['a@10', 'b@10', 'c@30']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('lets code awaiting a timer run before the next timer fires', async () => {
    const clock = new VirtualClock();
    const order: string[] = [];
    const chain = async (): Promise<void> => {
      await clock.sleep(10);
      // A deep await chain must still complete before the timer at 20 fires.
      for (let step = 0; step < 50; step++) await Promise.resolve();
      order.push('chain done');
    };
    void chain();
    void clock.sleep(20).then(() => order.push('second timer'));
    await clock.runUntilIdle();
    expect(order).toEqual(['chain done', 'second timer']);
  });

  it('runUntilIdle follows timers created while running', async () => {
    const clock = new VirtualClock();
    let ticks = 0;
    const loop = async (): Promise<void> => {
      for (let index = 0; index < 5; index++) {
        await clock.sleep(100);
        ticks++;
      }
    };
    const done = loop();
    await clock.runUntilIdle();
    await done;
    expect(ticks).toBe(5);
    expect(clock.now()).toBe(500);
  });

  it('run() drives the clock and returns the result', async () => {
    const clock = new VirtualClock();
    const value = await clock.run(clock.sleep(1000).then(() => 'done'));
    expect(value).toBe('done');
    expect(clock.now()).toBe(1000);
  });

  it('rejects a sleep with the abort reason and drops its timer', async () => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    const sleeping = clock.sleep(100, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pendingTimers).toBe(0);
    await expect(clock.sleep(5, controller.signal)).rejects.toThrow('stop');
  });

  it('guards against timers that never stop', async () => {
    const clock = new VirtualClock();
    const forever = async (): Promise<void> => {
      for (;;) await clock.sleep(1);
    };
    void forever();
    await expect(clock.runUntilIdle(50)).rejects.toThrow(/still busy/);
  });
});

describe('RealClock', () => {
  it('reports epoch milliseconds', () => {
    const before = Date.now();
    const now = new RealClock().now();
    expect(now).toBeGreaterThanOrEqual(before - 1);
  });

  it('sleeps and can be aborted', async () => {
    const clock = new RealClock();
    await expect(clock.sleep(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const sleeping = clock.sleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).rejects.toMatchObject({ name: 'AbortError' });
    const forever = clock.sleep(Infinity, controller.signal);
    await expect(forever).rejects.toMatchObject({ name: 'AbortError' });
  });
});
