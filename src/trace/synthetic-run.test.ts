import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline-builder.ts';
import { syntheticRun } from './synthetic-run.ts';

describe('syntheticRun', () => {
  it('makes a run the timeline reads as the executor would have reported it', () => {
    const events = syntheticRun({ calls: 500, concurrency: 6, seed: 4 });
    expect(events.every((event, index) => index === 0 || events[index - 1]!.time <= event.time)).toBe(true);
    const model = buildTimeline(events);
    expect(model.calls).toHaveLength(500);
    expect(model.calls.every((call) => call.endedAt !== undefined && call.lane !== undefined)).toBe(true);
    expect(model.lanes.count).toBe(6);
    const kinds = new Set(model.calls.flatMap((call) => call.segments.map((segment) => segment.kind)));
    expect([...kinds].sort()).toEqual(['attempt', 'backoff', 'ghost', 'queued']);
    expect(model.live).toBe(false);
  });

  it('is deterministic for a seed', () => {
    expect(syntheticRun({ calls: 50, seed: 2 })).toEqual(syntheticRun({ calls: 50, seed: 2 }));
  });
});
