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
});
