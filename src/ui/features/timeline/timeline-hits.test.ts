import { describe, expect, it } from 'vitest';
import { buildTimeline, syntheticRun, type CallRow } from '../../../trace/index.ts';
import { firstBarEndingAfter, hitLane, hitRow, laneBars, selectedBarIndex, type LaneBar } from './timeline-hits.ts';

describe('timeline hits', () => {
  const model = buildTimeline(syntheticRun({ calls: 300, concurrency: 4, seed: 3 }));

  it('keeps each lane in time order without overlaps, and finds bars by binary search', () => {
    const lanes = laneBars(model);
    expect(lanes).toHaveLength(4);
    for (const bars of lanes) {
      bars.forEach((bar, index) => index > 0 && expect(bar.start).toBeGreaterThanOrEqual(bars[index - 1]!.end));
      const probe = bars[Math.floor(bars.length / 2)]!;
      expect(bars[firstBarEndingAfter(bars, (probe.start + probe.end) / 2)]).toBe(probe);
      expect(hitLane(bars, (probe.start + probe.end) / 2, 0)).toBe(probe.call);
    }
    expect(firstBarEndingAfter(lanes[0]!, Infinity)).toBe(lanes[0]!.length);
  });

  it('finds the phase under the pointer, within a tolerance, and the model call on the model row', () => {
    const retried = model.calls.find((call) => call.segments.some((segment) => segment.kind === 'backoff')) as CallRow;
    const backoff = retried.segments.find((segment) => segment.kind === 'backoff')!;
    expect(hitRow(retried, (backoff.start + backoff.end) / 2, 0)).toEqual({ kind: 'call', call: retried, segment: backoff });
    expect(hitRow(retried, retried.queuedAt - 1000, 1)).toEqual({ kind: 'call', call: retried, segment: null });
    const modelRow = model.rows[0]!;
    expect(modelRow.kind).toBe('model');
    if (modelRow.kind !== 'model') return;
    const second = modelRow.calls[1]!;
    expect(hitRow(modelRow, second.start + 1, 0)).toMatchObject({ kind: 'model', index: 1 });
    expect(hitRow(model.rows[1]!, 0, 0)).toBeNull();
  });

  it('prefers the real phase to a ghost drawn over it', () => {
    const timedOut = model.calls.find((call) => call.segments.some((segment) => segment.kind === 'ghost')) as CallRow;
    const attempt = timedOut.segments.findLast((segment) => segment.kind === 'attempt')!;
    expect(hitRow(timedOut, attempt.end, 0)).toMatchObject({ segment: { kind: 'attempt' } });
  });

  it('finds the selected bar once per lane and selection, not once per frame of a pan (issue 30)', () => {
    let keyReads = 0;
    const bars: LaneBar[] = laneBars(model)[0]!.map((bar) => ({
      ...bar,
      call: {
        ...bar.call,
        get key() {
          keyReads++;
          return bar.call.key;
        },
      },
    }));
    const target = bars[Math.floor(bars.length / 2)]!.call.key;
    keyReads = 0;
    const frames = Array.from({ length: 30 }, () => selectedBarIndex(bars, target));
    expect(frames.every((index) => bars[index]!.call.key === target)).toBe(true);
    expect(keyReads).toBeLessThanOrEqual(bars.length + frames.length);
    expect(selectedBarIndex(bars, 'not-in-this-lane')).toBe(-1);
    expect(selectedBarIndex(bars, target)).toBe(Math.floor(bars.length / 2));
  });
});
