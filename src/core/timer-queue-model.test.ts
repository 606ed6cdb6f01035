import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimerQueue } from './timer-queue.ts';

beforeEach(() => vi.useFakeTimers());
// The setTimeout spy goes before the fake timers: left on, it would keep a fake setTimeout in place for
// the test files that run after this one in the same worker.
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// The queue against the simplest model of it: every live deadline fires once, at exactly its due time.
// Random adds, cancels and waits reach heap shapes (siblings, deep sift-downs, compaction after most
// entries are cancelled) that hand-written cases miss.
type Operation = { kind: 'add'; ms: number } | { kind: 'cancel'; pick: number } | { kind: 'wait'; ms: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), ms: fc.integer({ min: 0, max: 60 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 20 }) }) },
);

describe('TimerQueue against a model', () => {
  it('fires every live deadline once, at its due time, never a cancelled one', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 300 }), (operations) => {
        vi.clearAllTimers();
        const start = Date.now();
        const queue = new TimerQueue(() => Date.now());
        const deadlines: { due: number; cancel: () => void; cancelled: boolean; firedAt: number[] }[] = [];
        for (const step of operations) {
          if (step.kind === 'add') {
            const deadline = { due: Date.now() - start + step.ms, cancelled: false, firedAt: [] as number[], cancel: () => {} };
            deadline.cancel = queue.add(step.ms, () => deadline.firedAt.push(Date.now() - start));
            deadlines.push(deadline);
          } else if (step.kind === 'cancel' && deadlines.length > 0) {
            const deadline = deadlines[step.pick % deadlines.length];
            if (deadline && deadline.firedAt.length === 0) {
              deadline.cancelled = true;
              deadline.cancel();
            }
          } else if (step.kind === 'wait') vi.advanceTimersByTime(step.ms);
        }
        vi.advanceTimersByTime(100);
        for (const deadline of deadlines) expect(deadline.firedAt).toEqual(deadline.cancelled ? [] : [deadline.due]);
        expect(vi.getTimerCount()).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('rebuilds the heap right when compaction leaves a single live deadline', () => {
    const queue = new TimerQueue(() => Date.now());
    const fired: string[] = [];
    queue.add(10, () => fired.push('kept'));
    // Each later deadline is cancelled at once; the 65th cancel finds 65 entries for 1 live one and compacts.
    for (let index = 0; index < 70; index++) queue.add(1_000 + index, () => fired.push('cancelled'))();
    vi.advanceTimersByTime(10);
    expect(fired).toEqual(['kept']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restores the earliest deadline to the top after compaction drops the one that was there', () => {
    const queue = new TimerQueue(() => Date.now());
    const fired: [string, number][] = [];
    const start = Date.now();
    const cancelFirst = queue.add(1, () => fired.push(['first', Date.now() - start]));
    queue.add(50, () => fired.push(['late', Date.now() - start]));
    queue.add(2, () => fired.push(['early', Date.now() - start]));
    const fillers = Array.from({ length: 62 }, (_, index) => queue.add(100 + index, () => {}));
    // With the top gone, the first live entry in the array ("late") is not the earliest ("early").
    cancelFirst();
    for (const cancel of fillers.slice(0, 40)) cancel();
    vi.advanceTimersByTime(60);
    expect(fired).toEqual([
      ['early', 2],
      ['late', 50],
    ]);
  });

  it('fires two deadlines due at the same time together after every earlier deadline was cancelled', () => {
    const queue = new TimerQueue(() => Date.now());
    const start = Date.now();
    queue.add(5, () => {})();
    const fired: [string, number][] = [];
    queue.add(10, () => fired.push(['first', Date.now() - start]));
    queue.add(10, () => fired.push(['second', Date.now() - start]));
    vi.advanceTimersByTime(20);
    expect(fired).toEqual([
      ['first', 10],
      ['second', 10],
    ]);
  });

  it('arms one host timer for the earliest deadline instead of polling for it', () => {
    const queue = new TimerQueue(() => Date.now());
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    let fired = 0;
    queue.add(100, () => fired++);
    vi.advanceTimersByTime(99);
    expect(fired).toBe(0);
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
    expect(setTimeoutSpy.mock.calls[0]?.[1]).toBe(100);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
  });
});
