import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimerQueue } from './timer-queue.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const queueOnFakeTime = () => new TimerQueue(() => Date.now());

describe('TimerQueue', () => {
  it('fires each deadline at its time, in order, and never a cancelled one', () => {
    const queue = queueOnFakeTime();
    const fired: string[] = [];
    queue.add(30, () => fired.push('30'));
    const cancel = queue.add(10, () => fired.push('10'));
    queue.add(20, () => fired.push('20'));
    cancel();
    vi.advanceTimersByTime(19);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['20']);
    vi.advanceTimersByTime(10);
    expect(fired).toEqual(['20', '30']);
  });

  it('counts a deadline from the time its caller read, when given: due ms after that, not after the add', () => {
    const queue = queueOnFakeTime();
    const fired: string[] = [];
    const readAt = Date.now();
    vi.advanceTimersByTime(5);
    queue.add(20, () => fired.push('from the read'), readAt);
    queue.add(20, () => fired.push('from now'));
    vi.advanceTimersByTime(14);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['from the read']);
    vi.advanceTimersByTime(5);
    expect(fired).toEqual(['from the read', 'from now']);
  });

  it('holds no host timer once every deadline is cancelled or fired', () => {
    const queue = queueOnFakeTime();
    const cancels = Array.from({ length: 1000 }, (_, index) => queue.add(10_000 + index, () => {}));
    expect(vi.getTimerCount()).toBe(1);
    for (const cancel of cancels) cancel();
    expect(vi.getTimerCount()).toBe(0);
    let fired = 0;
    queue.add(5, () => fired++);
    vi.advanceTimersByTime(5);
    expect(fired).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stays correct when most deadlines are cancelled (the heap is compacted) and when a callback adds one', () => {
    const queue = queueOnFakeTime();
    const fired: number[] = [];
    for (let round = 0; round < 50; round++) {
      const cancels = Array.from({ length: 100 }, (_, index) => queue.add(1_000 + index, () => fired.push(-1)));
      cancels.forEach((cancel, index) => index % 10 !== 0 && cancel());
    }
    queue.add(500, () => {
      fired.push(500);
      queue.add(10, () => fired.push(510));
    });
    vi.advanceTimersByTime(510);
    expect(fired).toEqual([500, 510]);
    vi.advanceTimersByTime(600);
    // 10 per round kept, 50 rounds.
    expect(fired.filter((value) => value === -1)).toHaveLength(500);
  });

  it('fires every live deadline exactly at its time among many, cancelled in any order (heap order and compaction)', () => {
    const queue = queueOnFakeTime();
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const start = Date.now();
    const late: string[] = [];
    const fired: number[] = [];
    const entries = Array.from({ length: 300 }, (_, index) => {
      const due = 1 + Math.floor(random() * 500);
      const cancel = queue.add(due, () => {
        fired.push(index);
        if (Date.now() - start !== due) late.push(`${index}: due ${due}, fired ${Date.now() - start}`);
      });
      return { index, due, cancel, cancelled: random() < 0.7 };
    });
    for (const entry of [...entries].sort(() => random() - 0.5)) if (entry.cancelled) entry.cancel();
    // A second cancel, and cancels after firing, change nothing.
    entries[0]?.cancel();
    for (let step = 0; step < 510; step++) vi.advanceTimersByTime(1);
    for (const entry of entries) entry.cancel();
    expect(late).toEqual([]);
    expect(fired.sort((first, second) => first - second)).toEqual(entries.filter((entry) => !entry.cancelled).map((entry) => entry.index));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the earlier timer when a later one is added, and lets a timer fire after a double cancel of another', () => {
    const queue = queueOnFakeTime();
    const fired: number[] = [];
    queue.add(10, () => fired.push(Date.now()));
    const cancel = queue.add(20, () => fired.push(-1));
    cancel();
    cancel();
    queue.add(30, () => fired.push(Date.now()));
    vi.advanceTimersByTime(30);
    expect(fired).toEqual([10, 30].map((ms) => ms + Date.now() - 30));
  });

  it('lets the host go idle when the last live deadline is cancelled after others fired', () => {
    const queue = queueOnFakeTime();
    queue.add(5, () => undefined);
    const cancel = queue.add(100, () => undefined);
    vi.advanceTimersByTime(5);
    expect(vi.getTimerCount()).toBe(1);
    cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});
