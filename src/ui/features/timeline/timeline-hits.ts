// What is under the pointer, in time rather than pixels: the caller converts the pointer to a time and
// a pixel tolerance to milliseconds, so hit testing is exact at any zoom.
import {
  isWaitSegment,
  type CallRow,
  type ModelCallRecord,
  type TimelineModel,
  type TimelineRow,
  type TimelineSegment,
} from '../../../trace/index.ts';

export interface LaneBar {
  start: number;
  end: number;
  call: CallRow;
}

/** Each lane's calls in time order (a lane runs one call at a time, so they never overlap). */
export function laneBars(model: TimelineModel): LaneBar[][] {
  const lanes: LaneBar[][] = Array.from({ length: model.lanes.count }, () => []);
  for (const call of model.calls) {
    if (call.lane === undefined || call.startedAt === undefined) continue;
    lanes[call.lane]?.push({ start: call.startedAt, end: call.endedAt ?? model.end, call });
  }
  for (const lane of lanes) lane.sort((left, right) => left.start - right.start);
  return lanes;
}

/** Index of the first bar still running at or after `time` (binary search: lanes can hold 10,000 bars). */
export function firstBarEndingAfter(bars: readonly LaneBar[], time: number): number {
  let low = 0;
  let high = bars.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((bars[middle] as LaneBar).end < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

export type TimelineHit =
  { kind: 'call'; call: CallRow; segment: TimelineSegment | null } | { kind: 'model'; record: ModelCallRecord; index: number };

const lastSelected = new WeakMap<readonly LaneBar[], { key: string; index: number }>();

/**
 * Index of the selected call's bar in the lane, or -1. Asked every frame while panning with a call
 * selected: the scan of the lane's (up to 100,000) bars is paid once per lane and selection, not per frame.
 */
export function selectedBarIndex(bars: readonly LaneBar[], key: string): number {
  const known = lastSelected.get(bars);
  if (known?.key === key) return known.index;
  const index = bars.findIndex((bar) => bar.call.key === key);
  lastSelected.set(bars, { key, index });
  return index;
}

/** The segment (or model call) of `row` at `time`, within `toleranceMs`; the closest one wins. */
export function hitRow(row: TimelineRow, time: number, toleranceMs: number): TimelineHit | null {
  if (row.kind === 'iteration') return null;
  if (row.kind === 'model') {
    let best: TimelineHit | null = null;
    let bestDistance = Infinity;
    row.calls.forEach((record, index) => {
      const distance = distanceTo(record.start, record.end ?? record.start, time);
      if (distance <= toleranceMs && distance < bestDistance) {
        best = { kind: 'model', record, index };
        bestDistance = distance;
      }
    });
    return best;
  }
  let segment: TimelineSegment | null = null;
  let bestDistance = Infinity;
  for (const candidate of row.segments) {
    const distance = distanceTo(candidate.start, candidate.end, time);
    // Ghosts are drawn over later phases; prefer the real phase on a tie. What an attempt waited on is
    // drawn over the attempt: prefer it there.
    const tieWins = segment?.kind === 'ghost' || isWaitSegment(candidate.kind);
    if (distance <= toleranceMs && (distance < bestDistance || (distance === bestDistance && tieWins))) {
      segment = candidate;
      bestDistance = distance;
    }
  }
  return { kind: 'call', call: row, segment };
}

export function hitLane(bars: readonly LaneBar[], time: number, toleranceMs: number): CallRow | null {
  const index = firstBarEndingAfter(bars, time - toleranceMs);
  const bar = bars[index];
  return bar && bar.start - toleranceMs <= time ? bar.call : null;
}

function distanceTo(start: number, end: number, time: number): number {
  return time < start ? start - time : time > end ? time - end : 0;
}
