// Concurrency slots over time. A call holds a slot from the moment it leaves the queue until it ends
// (backoff waits included: the executor keeps the slot while a call waits to retry), so the number of
// lanes in use at any time is exactly the executor's concurrency, and a limit shows as a ceiling.
import type { LaneModel } from './timeline-types.ts';

export class LaneAllocator {
  private readonly busy: boolean[] = [];
  private running = 0;
  private readonly steps: { time: number; count: number }[] = [];

  /** Takes the lowest free lane, so a limit of N never draws more than N lanes. */
  acquire(time: number): number {
    let lane = this.busy.indexOf(false);
    if (lane === -1) lane = this.busy.push(true) - 1;
    else this.busy[lane] = true;
    this.step(time, ++this.running);
    return lane;
  }

  release(lane: number, time: number): void {
    if (!this.busy[lane]) return;
    this.busy[lane] = false;
    this.step(time, --this.running);
  }

  get inUse(): number {
    return this.running;
  }

  model(): LaneModel {
    return { count: this.busy.length, steps: this.steps.slice() };
  }

  private step(time: number, count: number): void {
    // Several changes in one instant collapse into one step: only where the count settles matters.
    // A slot handed from one call to the next in the same instant is no change at all.
    const last = this.steps[this.steps.length - 1];
    if (last && last.time === time) {
      // Replaced, not written: an earlier snapshot's model holds this step.
      this.steps[this.steps.length - 1] = { time, count };
      const before = this.steps[this.steps.length - 2];
      if (before && before.count === count) this.steps.pop();
    } else if (!last || last.count !== count) this.steps.push({ time, count });
  }
}

export interface RunningInterval {
  start: number;
  /** Undefined while still running. */
  end?: number;
}

/**
 * Lanes for intervals given out of order (e.g. from a loaded file): processed in time order, and a
 * slot freed at time t can be taken by a call starting at t, as the executor hands it over.
 */
export function assignLanes(intervals: readonly RunningInterval[]): { lanes: number[]; model: LaneModel } {
  type Change = { time: number; order: number; index: number; release: boolean };
  const changes: Change[] = [];
  intervals.forEach((interval, index) => {
    changes.push({ time: interval.start, order: 1, index, release: false });
    // A zero-length interval must take its lane before giving it back.
    if (interval.end !== undefined)
      changes.push({ time: interval.end, order: interval.end > interval.start ? 0 : 2, index, release: true });
  });
  changes.sort((left, right) => left.time - right.time || left.order - right.order || left.index - right.index);
  const allocator = new LaneAllocator();
  const lanes: number[] = new Array<number>(intervals.length).fill(-1);
  for (const change of changes) {
    if (change.release) allocator.release(lanes[change.index] as number, change.time);
    else lanes[change.index] = allocator.acquire(change.time);
  }
  return { lanes, model: allocator.model() };
}
