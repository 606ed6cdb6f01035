import { describe, expect, it } from 'vitest';
import { chipText, liveCallStatus, statusAfter, type CallStatus, type LiveCallStatus } from './call-status.ts';
import { flakyTool, recordBatch, sleepTool } from './recorded-batches.test-support.ts';
import { TimelineBuilder } from './timeline-builder.ts';
import type { ExecutorEvent } from '../core/index.ts';

describe('call status', () => {
  it('names each phase of a retried call: queued, validating, running, backoff, then the outcome', async () => {
    const { events } = await recordBatch(() => [flakyTool('flaky', 2)], [{ id: 'a', name: 'flaky', arguments: {} }]);
    const seen: CallStatus[] = [];
    let status: CallStatus = 'queued';
    for (const event of events as ExecutorEvent[]) {
      status = statusAfter(status, event);
      if (seen.at(-1) !== status) seen.push(status);
    }
    expect(seen).toEqual(['queued', 'validating', 'running', 'backoff', 'running', 'backoff', 'running', 'success']);
  });

  // The chip said "retrying" (and "running" while the arguments were checked) where the timeline said
  // "backoff" (and "validating"): two folds of the same events.
  it("a conversation chip names every moment of a call as the call's timeline row does", async () => {
    const { events } = await recordBatch(
      () => [flakyTool('flaky', 2), sleepTool('slow', 300)],
      [
        { id: 'a', name: 'flaky', arguments: {} },
        { id: 'b', name: 'slow', arguments: {} },
        { id: 'c', name: 'missing', arguments: {} },
      ],
      { concurrency: 1 },
    );
    const builder = new TimelineBuilder();
    let chips: Record<string, LiveCallStatus> = {};
    for (let seen = 1; seen <= events.length; seen++) {
      chips = liveCallStatus(chips, [events[seen - 1]!]) ?? chips;
      const rows = builder.update(events, seen).snapshot().calls;
      for (const row of rows) expect(chipText(chips[row.toolCallId]!.status)).toBe(chipText(row.status));
    }
    expect(chipText(chips.b!.status, chips.b!.durationMs)).toBe('success · 300 ms');
    expect(chipText(chips.c!.status, chips.c!.durationMs)).toBe('error: unknown_tool · 0 ms');
  });
});
