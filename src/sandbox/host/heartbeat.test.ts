import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat } from './heartbeat.ts';

describe('Heartbeat', () => {
  let now = 0;
  const pings: number[] = [];
  const silences: number[] = [];
  const make = () => new Heartbeat(1_000, { ping: (id) => pings.push(id), onSilent: (ms) => silences.push(ms) }, () => now);

  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    pings.length = 0;
    silences.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => {
    for (let step = 0; step < ms; step += 10) {
      now += 10;
      vi.advanceTimersByTime(10);
    }
  };

  it('pings only while busy, and stays quiet when every ping is answered', () => {
    const heartbeat = make();
    advance(1_000);
    expect(pings).toEqual([]);
    heartbeat.begin();
    for (let round = 0; round < 10; round++) {
      advance(250);
      heartbeat.pong(pings.at(-1) ?? -1);
    }
    expect(pings.length).toBeGreaterThan(5);
    expect(silences).toEqual([]);
    heartbeat.end();
    const count = pings.length;
    advance(2_000);
    expect(pings.length).toBe(count);
  });

  it('reports silence once a ping goes unanswered for longer than the grace period', () => {
    const heartbeat = make();
    heartbeat.begin();
    advance(1_600);
    expect(silences).toHaveLength(1);
    expect(silences[0]).toBeGreaterThan(1_000);
    heartbeat.stop();
  });

  it('does not blame the iframe when the host page itself was blocked', () => {
    const heartbeat = make();
    heartbeat.begin();
    advance(250);
    // The page froze for 3 s: the beat that finally runs must not judge (the pong may be queued behind it).
    now += 3_000;
    vi.advanceTimersByTime(250);
    expect(silences).toEqual([]);
    heartbeat.pong(pings.at(-1) ?? -1);
    advance(500);
    expect(silences).toEqual([]);
    heartbeat.stop();
  });

  it('is busy while any begun section is open, and one extra end does not make it owe a section', () => {
    const heartbeat = make();
    expect(heartbeat.isBusy).toBe(false);
    heartbeat.begin();
    heartbeat.begin();
    expect(vi.getTimerCount()).toBe(1);
    heartbeat.end();
    expect(heartbeat.isBusy).toBe(true);
    advance(250);
    expect(pings).toEqual([1]);
    heartbeat.end();
    expect([heartbeat.isBusy, vi.getTimerCount()]).toEqual([false, 0]);
    heartbeat.end();
    heartbeat.begin();
    expect(heartbeat.isBusy).toBe(true);
    heartbeat.stop();
  });

  it('numbers its pings upwards and ignores a pong for another ping, or one when none is out', () => {
    const heartbeat = make();
    heartbeat.pong(1);
    heartbeat.begin();
    for (let round = 0; round < 3; round++) {
      advance(250);
      heartbeat.pong(pings.at(-1) ?? -1);
    }
    expect(pings).toEqual([1, 2, 3]);
    advance(250);
    heartbeat.pong(3);
    advance(1_250);
    expect(silences).toHaveLength(1);
    heartbeat.stop();
  });

  it('forgets the ping sent to a frame that was replaced', () => {
    const heartbeat = make();
    heartbeat.begin();
    advance(250);
    expect(pings).toEqual([1]);
    advance(750);
    heartbeat.reset();
    advance(500);
    expect(silences).toEqual([]);
    expect(pings).toEqual([1, 2]);
    heartbeat.stop();
  });

  it('still judges a beat that came exactly three intervals after the last one', () => {
    const heartbeat = make();
    heartbeat.begin();
    now = 750;
    vi.advanceTimersByTime(250);
    expect(pings).toEqual([1]);
    heartbeat.stop();
  });
});
