import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline-builder.ts';
import { eventsUntil, liveTimeline, replayTimeline } from './timeline-cache.ts';
import { flakyTool, recordBatch, sleepTool } from './recorded-batches.test-support.ts';

describe('timeline cache', () => {
  it('follows a growing events array and matches a fresh build', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 100), flakyTool('flaky', 1)],
      [
        { id: 'a', name: 'slow', arguments: {} },
        { id: 'b', name: 'flaky', arguments: {} },
      ],
    );
    const growing = events.slice(0, 3);
    expect(liveTimeline(growing, 1010)).toEqual(buildTimeline(growing, 1010));
    growing.push(...events.slice(3));
    expect(liveTimeline(growing)).toEqual(buildTimeline(events));
  });

  it('replays the run as it was at each moment, forwards and after a rewind', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 100)],
      ['a', 'b'].map((id) => ({ id, name: 'slow', arguments: {} })),
      { concurrency: 1 },
    );
    expect(eventsUntil(events, 999)).toBe(0);
    expect(eventsUntil(events, 1000)).toBe(events.filter((event) => event.time <= 1000).length);
    for (const playhead of [1000, 1050, 1150, 1200, 1050]) {
      const upTo = eventsUntil(events, playhead);
      expect(replayTimeline(events, playhead)).toEqual(buildTimeline(events.slice(0, upTo), playhead));
    }
    expect(replayTimeline(events, 1050).calls.map((call) => call.status)).toEqual(['running', 'queued']);
  });
});
