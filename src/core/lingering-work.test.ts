import { describe, expect, it } from 'vitest';
import { LingeringWork, timeoutStrategies, type TimeoutStrategy } from './timeout-strategy.ts';

describe('LingeringWork', () => {
  it('settles only when the last lingering work ends', async () => {
    const work = new LingeringWork();
    work.started();
    work.started();
    let settled = false;
    void work.whenSettled().then(() => (settled = true));
    work.ended();
    await Promise.resolve();
    expect([work.size, settled]).toEqual([1, false]);
    work.ended();
    await Promise.resolve();
    expect([work.size, settled]).toEqual([0, true]);
  });

  it('never counts below zero, so an extra end cannot hide the next work', async () => {
    const work = new LingeringWork();
    work.ended();
    expect(work.size).toBe(0);
    work.started();
    expect(work.size).toBe(1);
    let settled = false;
    void work.whenSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
  });
});

describe('timeoutStrategies', () => {
  it('lists every strategy of the type, once (a saved workspace is checked against it)', () => {
    // `satisfies` makes the compiler hold this object to exactly the members of the type.
    const everyStrategy = { race: true, abort: true, 'abort-then-kill': true } satisfies Record<TimeoutStrategy, true>;
    expect([...timeoutStrategies].sort()).toEqual(Object.keys(everyStrategy).sort());
  });
});
