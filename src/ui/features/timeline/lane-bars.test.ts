import { describe, expect, it } from 'vitest';
import { buildTimeline, syntheticRun, type CallRow } from '../../../trace/index.ts';
import { firstBarEndingAfter, hitLane, laneBars, selectedBarIndex, type LaneBars } from './lane-bars.ts';

describe('lane bars', () => {
  const model = buildTimeline(syntheticRun({ calls: 300, concurrency: 4, seed: 3 }));

  it('keeps each lane in time order without overlaps, and finds bars by binary search', () => {
    const lanes = laneBars(model);
    expect(lanes).toHaveLength(4);
    for (const bars of lanes) {
      bars.calls.forEach((call, index) => {
        expect(bars.starts[index]).toBe(call.startedAt);
        expect(bars.ends[index]).toBe(call.endedAt);
        if (index > 0) expect(bars.starts[index]).toBeGreaterThanOrEqual(bars.ends[index - 1]!);
      });
      const probe = Math.floor(bars.calls.length / 2);
      const middle = (bars.starts[probe]! + bars.ends[probe]!) / 2;
      expect(firstBarEndingAfter(bars, middle)).toBe(probe);
      expect(hitLane(bars, middle, 0)).toBe(bars.calls[probe]);
    }
    expect(firstBarEndingAfter(lanes[0]!, Infinity)).toBe(lanes[0]!.calls.length);
    expect(hitLane(lanes[0]!, Infinity, 0)).toBeNull();
  });

  it('puts the calls of a file whose lane starts are out of queue order back in time order', () => {
    const [first, second] = model.calls.filter((call) => call.lane === 0) as [CallRow, CallRow];
    const swapped = { ...model, calls: [second, first] };
    expect(laneBars(swapped)[0]!.calls).toEqual([first, second]);
  });

  it('ends a call still running at the end of the run', () => {
    const [call] = model.calls as [CallRow];
    const running: CallRow = { ...call, endedAt: undefined as unknown as number };
    delete running.endedAt;
    expect(laneBars({ ...model, calls: [running] })[call.lane!]!.ends[0]).toBe(model.end);
  });

  it('finds the selected bar once per lane and selection, not once per frame of a pan (issue 30)', () => {
    let keyReads = 0;
    const lane = laneBars(model)[0]!;
    const bars: LaneBars = {
      ...lane,
      calls: lane.calls.map((call) => ({
        ...call,
        get key() {
          keyReads++;
          return call.key;
        },
      })),
    };
    const target = bars.calls[Math.floor(bars.calls.length / 2)]!.key;
    keyReads = 0;
    const frames = Array.from({ length: 30 }, () => selectedBarIndex(bars, target));
    expect(frames.every((index) => bars.calls[index]!.key === target)).toBe(true);
    expect(keyReads).toBeLessThanOrEqual(bars.calls.length + frames.length);
    expect(selectedBarIndex(bars, 'not-in-this-lane')).toBe(-1);
    expect(selectedBarIndex(bars, target)).toBe(Math.floor(bars.calls.length / 2));
  });
});
