import { describe, expect, it } from 'vitest';
import { raceDeadline, type DeadlineOptions, type PausableDeadline, type RaceOutcome } from './deadline.ts';
import { settle, VirtualClock } from './virtual-clock.ts';

// A race's deadline stands still while the work waits on the person (attempt-waits.ts pauses it through
// onRaceStart), then runs on with the time it had left.

/** Work that never settles, raced under a 100 ms deadline; the race's deadline and its outcome once decided. */
function neverSettling(clock: VirtualClock, overrides: Partial<DeadlineOptions> = {}) {
  let deadline: PausableDeadline | undefined;
  let outcome: RaceOutcome<unknown> | undefined;
  const pending = raceDeadline(() => new Promise(() => undefined), {
    clock,
    timeoutMs: 100,
    timeoutReason: () => 'late',
    onRaceStart: (race) => (deadline = race),
    ...overrides,
  }) as Promise<RaceOutcome<unknown>>;
  void pending.then((decided) => (outcome = decided));
  return { deadline: deadline as PausableDeadline, outcome: () => outcome };
}

describe('a paused deadline', () => {
  it('stands still while paused, then fires with the time it had left', async () => {
    const clock = new VirtualClock(0);
    const race = neverSettling(clock);
    await clock.advance(30);
    race.deadline.pause();
    await clock.advance(1000);
    expect(race.outcome()).toBeUndefined();
    race.deadline.resume();
    await clock.advance(69);
    expect(race.outcome()).toBeUndefined();
    await clock.advance(1);
    expect(race.outcome()).toEqual({ kind: 'timeout' });
  });

  it('paused a second time, keeps what the first pause left it', async () => {
    const clock = new VirtualClock(0);
    const race = neverSettling(clock, { startedAt: 0 });
    await clock.advance(30);
    race.deadline.pause();
    await clock.advance(500);
    race.deadline.resume();
    await clock.advance(30);
    race.deadline.pause();
    await clock.advance(500);
    race.deadline.resume();
    await clock.advance(39);
    expect(race.outcome()).toBeUndefined();
    await clock.advance(1);
    expect(race.outcome()).toEqual({ kind: 'timeout' });
    expect(clock.now()).toBe(1100);
  });

  it('resumed without a pause, runs on as it was: it can still be paused, and fires on time', async () => {
    const clock = new VirtualClock(0);
    const race = neverSettling(clock);
    await clock.advance(10);
    race.deadline.resume();
    await clock.advance(10);
    race.deadline.pause();
    await clock.advance(1000);
    expect(race.outcome()).toBeUndefined();
    race.deadline.resume();
    await clock.advance(80);
    expect(race.outcome()).toEqual({ kind: 'timeout' });
    expect(clock.now()).toBe(1100);
  });

  it('once decided, neither pauses nor starts again, and leaves no timer', async () => {
    const clock = new VirtualClock(0);
    const race = neverSettling(clock);
    await clock.advance(100);
    expect(race.outcome()).toEqual({ kind: 'timeout' });
    race.deadline.pause();
    race.deadline.resume();
    await settle();
    expect(clock.pendingTimers).toBe(0);
  });
});
