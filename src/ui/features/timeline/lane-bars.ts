// The concurrency lanes' bars, for the header strip and its hit tests. A lane of a 100,000-call run holds
// 12,500 bars and a frame searches it by time, so each lane is kept as two arrays of times (no object per
// bar for the garbage collector, and a binary search that reads consecutive memory) beside its calls.
import type { CallRow, TimelineModel } from '../../../trace/index.ts';

export interface LaneBars {
  /** Each bar's start and end (clock ms), in time order; a call still running ends at the run's end. */
  readonly starts: Float64Array;
  readonly ends: Float64Array;
  /** The call each bar is, by the same index. */
  readonly calls: readonly CallRow[];
}

/** Each lane's calls in time order (a lane runs one call at a time, so they never overlap). */
export function laneBars(model: TimelineModel): LaneBars[] {
  const members: CallRow[][] = Array.from({ length: model.lanes.count }, () => []);
  for (const call of model.calls) if (call.lane !== undefined && call.startedAt !== undefined) members[call.lane]?.push(call);
  return members.map((calls) => {
    // Calls are queued in order and nearly always start in it; a hand-edited file may not.
    if (!startOrdered(calls)) calls.sort((left, right) => (left.startedAt as number) - (right.startedAt as number));
    const starts = new Float64Array(calls.length);
    const ends = new Float64Array(calls.length);
    calls.forEach((call, index) => {
      starts[index] = call.startedAt as number;
      ends[index] = call.endedAt ?? model.end;
    });
    return { starts, ends, calls };
  });
}

function startOrdered(calls: readonly CallRow[]): boolean {
  for (let index = 1; index < calls.length; index++)
    if ((calls[index] as CallRow).startedAt! < (calls[index - 1] as CallRow).startedAt!) return false;
  return true;
}

/** Index of the first bar still running at or after `time` (binary search: lanes can hold 10,000 bars). */
export function firstBarEndingAfter(lane: LaneBars, time: number): number {
  const { ends } = lane;
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ends[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The call whose bar is at `time`, within `toleranceMs`, or null. */
export function hitLane(lane: LaneBars, time: number, toleranceMs: number): CallRow | null {
  const index = firstBarEndingAfter(lane, time - toleranceMs);
  return index < lane.calls.length && (lane.starts[index] as number) - toleranceMs <= time ? (lane.calls[index] as CallRow) : null;
}

const lastSelected = new WeakMap<LaneBars, { key: string; index: number }>();

/**
 * Index of the selected call's bar in the lane, or -1. Asked every frame while panning with a call
 * selected: the scan of the lane's (up to 100,000) bars is paid once per lane and selection, not per frame.
 */
export function selectedBarIndex(lane: LaneBars, key: string): number {
  const known = lastSelected.get(lane);
  if (known?.key === key) return known.index;
  const index = lane.calls.findIndex((call) => call.key === key);
  lastSelected.set(lane, { key, index });
  return index;
}
