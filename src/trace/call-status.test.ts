import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chipText, liveCallStatus, statusAfter, type CallStatus, type LiveCallStatus } from './call-status.ts';
import { flakyTool, recordBatch, sleepTool } from './recorded-batches.test-support.ts';
import { TimelineBuilder } from './timeline-builder.ts';
import type { ExecutorEvent } from '../core/index.ts';
import { callStatusOf } from './loaded-call-status.ts';
import { syntheticRun } from './synthetic-run.ts';
import type { ChatMessage } from '../llm/index.ts';

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

  // A loaded file's statuses come from one fold (callStatusOf) and a live run's from another (liveCallStatus
  // frame by frame): they must agree, durations included, also for a call queued again after it ended.
  it('a loaded run gives every call the status its live run ended with', () => {
    const run = syntheticRun({ calls: 40, seed: 5 });
    const ids = ['a', 'b'];
    const sequence = fc.array(fc.record({ id: fc.constantFrom(...ids), pick: fc.nat({ max: 1_000 }) }), { maxLength: 30 });
    fc.assert(
      fc.property(sequence, (picks) => {
        // Events of the synthetic run, renamed onto two ids in any order: ends, restarts and requeues mixed.
        const executorEvents = run.filter((event): event is ExecutorEvent => 'toolCallId' in event);
        const events = picks.map(({ id, pick }) => ({ ...executorEvents[pick % executorEvents.length]!, toolCallId: id }));
        const live = events.reduce<Record<string, LiveCallStatus>>((current, event) => liveCallStatus(current, [event]) ?? current, {});
        expect(callStatusOf(events, [conversationOf(ids)])).toEqual(live);
      }),
    );
  });

  // A 100,000-call file whose conversation names none of its calls built a status for each: work no chip reads.
  it('a loaded run gives a status only to the calls its conversation shows a chip for', () => {
    const events = syntheticRun({ calls: 3, seed: 5 });
    expect(Object.keys(callStatusOf(events, [conversationOf(['call_1', 'not_in_the_run'])]))).toEqual(['call_1']);
    expect(callStatusOf(events, [{ role: 'user', content: 'hi' }])).toEqual({});
  });
});

/** An assistant message asking for the calls with these ids, as a loaded file's conversation holds them. */
function conversationOf(ids: readonly string[]): ChatMessage {
  return { role: 'assistant', content: '', toolCalls: ids.map((id) => ({ id, name: 'any', arguments: '{}' })) };
}
