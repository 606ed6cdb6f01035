import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignLanes, LaneAllocator } from './lanes.ts';

describe('LaneAllocator', () => {
  // A live timeline's earlier model read "1 running" where the run had 2 at that instant: the step was written in place.
  it('never changes a model it handed out when more starts land in the same instant', () => {
    const lanes = new LaneAllocator();
    lanes.acquire(0);
    const earlier = lanes.model();
    lanes.acquire(0);
    expect(earlier.steps).toEqual([{ time: 0, count: 1 }]);
    expect(lanes.model().steps).toEqual([{ time: 0, count: 2 }]);
  });

  it('reuses the lowest free lane and records the count over time', () => {
    const lanes = new LaneAllocator();
    expect([lanes.acquire(0), lanes.acquire(0), lanes.acquire(5)]).toEqual([0, 1, 2]);
    lanes.release(1, 10);
    expect(lanes.acquire(12)).toBe(1);
    expect(lanes.model()).toEqual({
      count: 3,
      steps: [
        { time: 0, count: 2 },
        { time: 5, count: 3 },
        { time: 10, count: 2 },
        { time: 12, count: 3 },
      ],
    });
  });

  it('treats a slot handed over in the same instant as no change', () => {
    const lanes = new LaneAllocator();
    lanes.acquire(0);
    lanes.release(0, 10);
    lanes.acquire(10);
    expect(lanes.model().steps).toEqual([{ time: 0, count: 1 }]);
  });
});

describe('assignLanes', () => {
  const interval = fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 50 }))
    .map(([start, length]) => ({ start, end: start + length }));

  it('never puts two overlapping calls in one lane, and uses exactly the peak number of lanes', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 40 }), (intervals) => {
        const { lanes, model } = assignLanes(intervals);
        intervals.forEach((left, leftIndex) =>
          intervals.forEach((right, rightIndex) => {
            const overlap = left.start < right.end && right.start < left.end;
            if (leftIndex < rightIndex && overlap) expect(lanes[leftIndex]).not.toBe(lanes[rightIndex]);
          }),
        );
        // Peak by brute force at every start instant (a call ending at t no longer runs at t).
        const peak = Math.max(
          0,
          ...intervals.map((probe) => intervals.filter((other) => other.start <= probe.start && probe.start < other.end).length),
        );
        expect(model.count).toBe(peak);
        expect(Math.max(0, ...model.steps.map((step) => step.count))).toBe(peak);
      }),
    );
  });

  it('gives an instant call a lane without counting it as running', () => {
    expect(assignLanes([{ start: 5, end: 5 }])).toEqual({ lanes: [0], model: { count: 1, steps: [{ time: 5, count: 0 }] } });
  });

  it('lets a call that starts as another ends take its lane', () => {
    expect(assignLanes([{ start: 0, end: 10 }, { start: 10, end: 20 }, { start: 5 }]).lanes).toEqual([0, 0, 1]);
  });
});
