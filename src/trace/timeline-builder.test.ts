import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTimeline, TimelineBuilder } from './timeline-builder.ts';
import { flakyTool, progressTool, recordBatch, sleepTool, stubbornTool } from './recorded-batches.test-support.ts';
import type { CallRow, TimelineModel } from './timeline-types.ts';
import { syntheticRun } from './synthetic-run.ts';

const kinds = (call: CallRow) => call.segments.map((segment) => `${segment.kind}${segment.outcome ? `:${segment.outcome}` : ''}`);
const onlyCalls = (model: TimelineModel) => model.rows.filter((row): row is CallRow => row.kind === 'call');

describe('TimelineBuilder rows (issue 30: a finished run is built once)', () => {
  it('never changes a row it handed out: the events after it go into copies (copy-on-write)', async () => {
    const { events } = await recordBatch(() => [flakyTool('flaky', 1)], [{ id: 'a', name: 'flaky', arguments: {} }]);
    const firstEnd = events.findIndex((event) => event.type === 'attempt-end');
    const builder = new TimelineBuilder();
    const early = builder.update(events, firstEnd + 1).snapshot(events[firstEnd]!.time) as TimelineModel;
    const earlyRow = early.calls[0] as CallRow;
    const before = structuredClone({ attempts: earlyRow.attempts, logs: earlyRow.logs });
    const later = builder.update(events).snapshot();
    expect(earlyRow.attempts).toEqual(before.attempts);
    expect(earlyRow.logs).toEqual(before.logs);
    expect((later.calls[0] as CallRow).attempts).toHaveLength(2);
    expect(later).toEqual(buildTimeline(events));
  });

  it('answers a snapshot with nothing new with the same model, and the finished calls with the same rows', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 100)],
      ['a', 'b'].map((id) => ({ id, name: 'slow', arguments: {} })),
    );
    const builder = new TimelineBuilder().update(events);
    const first = builder.snapshot();
    expect(builder.snapshot()).toBe(first);
    // A live view at a later `now` is a new model, but the rows of calls that ended are the same objects.
    const moved = builder.snapshot(first.end + 50);
    expect(moved).not.toBe(first);
    expect(moved.calls).toEqual(first.calls);
    moved.calls.forEach((row, index) => expect(row).toBe(first.calls[index]));
  });
});

describe('buildTimeline', () => {
  it('keeps the progress reports of a call (the ticks on its bar) and its traffic, with clock times', async () => {
    const { events } = await recordBatch(() => [progressTool('report', 3, 100)], [{ id: 'a', name: 'report', arguments: {} }]);
    const builder = new TimelineBuilder();
    // Live: the open call already carries the ticks so far.
    const live = builder.update(events, events.findIndex((event) => event.type === 'tool-call-progress') + 1).snapshot(1150);
    expect(live.calls[0]?.progress).toEqual([{ time: 1100, attempt: 1, progress: 1, total: 3, message: 'step 1 of 3' }]);
    const [call] = builder.update(events).snapshot().calls as [CallRow];
    expect(call.progress.map((entry) => [entry.time, entry.progress])).toEqual([
      [1100, 1],
      [1200, 2],
      [1300, 3],
    ]);
    expect(call.traffic.map((entry) => [entry.time, entry.direction])).toEqual([
      [1000, 'sent'],
      [1300, 'received'],
    ]);
  });

  it('draws parallel calls as overlapping bars in separate lanes', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('weather', 300), sleepTool('search', 500)],
      [
        { id: 'a', name: 'weather', arguments: {} },
        { id: 'b', name: 'search', arguments: {} },
      ],
    );
    const model = buildTimeline(events);
    const [weather, search] = model.calls as [CallRow, CallRow];
    expect(kinds(weather)).toEqual(['attempt:success']);
    expect(weather.segments[0]).toMatchObject({ start: 1000, end: 1300, open: false });
    expect(search.segments[0]).toMatchObject({ start: 1000, end: 1500 });
    expect([weather.lane, search.lane]).toEqual([0, 1]);
    expect(model.lanes.count).toBe(2);
    expect(model.start).toBe(1000);
    expect(model.end).toBe(1500);
    expect(model.live).toBe(false);
  });

  it('shows the queue wait under a concurrency limit, and one lane', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 200)],
      ['a', 'b', 'c'].map((id) => ({ id, name: 'slow', arguments: {} })),
      { concurrency: 1 },
    );
    const model = buildTimeline(events);
    expect(model.calls.map(kinds)).toEqual([['attempt:success'], ['queued', 'attempt:success'], ['queued', 'attempt:success']]);
    expect(model.calls[2]?.segments[0]).toMatchObject({ kind: 'queued', start: 1000, end: 1400 });
    expect(model.calls.map((call) => call.lane)).toEqual([0, 0, 0]);
    expect(model.lanes.count).toBe(1);
    expect(model.lanes.steps.map((step) => step.count)).toEqual([1, 0]);
  });

  it('shows each attempt and the backoff wait between them (issue 7)', async () => {
    const { events } = await recordBatch(() => [flakyTool('flaky', 2)], [{ id: 'f', name: 'flaky', arguments: {} }]);
    const call = buildTimeline(events).calls[0] as CallRow;
    expect(kinds(call)).toEqual(['attempt:execution_error', 'backoff', 'attempt:execution_error', 'backoff', 'attempt:success']);
    const backoffs = call.segments.filter((segment) => segment.kind === 'backoff');
    // Each wait lasts exactly the delay the executor scheduled (exponential, with jitter).
    expect(backoffs.map((segment) => segment.end - segment.start)).toEqual(
      call.attempts.slice(0, 2).map((attempt) => attempt.retryDelayMs),
    );
    expect(backoffs[1]!.end - backoffs[1]!.start).toBeGreaterThan(backoffs[0]!.end - backoffs[0]!.start);
    expect(call.attempts.map((attempt) => attempt.retryReason !== undefined)).toEqual([true, true, false]);
    expect(call.status).toBe('success');
  });

  it('marks the deadline, the timeout, and the ignored work as a ghost up to its late settle', async () => {
    const { events } = await recordBatch((clock) => [stubbornTool('stubborn', 250, clock)], [{ id: 's', name: 'stubborn', arguments: {} }]);
    const model = buildTimeline(events);
    const call = model.calls[0] as CallRow;
    expect(kinds(call)).toEqual(['attempt:timeout', 'ghost']);
    expect(call.deadlines).toEqual([1100]);
    expect(call.segments[1]).toMatchObject({ kind: 'ghost', start: 1100, end: 1250 });
    expect(call.status).toBe('timeout');
    expect(call.attempts[0]).toMatchObject({ lateSettleAt: 1250, lateOutcome: 'success' });
    expect(model.end).toBe(1250);
  });

  it('shows calls that never ran with their outcome and no lane', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('known', 10)],
      [
        { id: 'u', name: 'made_up', arguments: {} },
        { id: 'm', name: 'known', arguments: '{"value": ' },
        { id: 'i', name: 'known', arguments: { value: 42 } },
      ],
    );
    const model = buildTimeline(events);
    expect(model.calls.map((call) => call.status)).toEqual(['unknown_tool', 'invalid_arguments', 'invalid_arguments']);
    expect(model.calls.map((call) => call.lane)).toEqual([undefined, undefined, 0]);
    // Schema validation happens holding a slot; an instant one leaves no validating segment.
    expect(model.calls.map((call) => call.segments.length)).toEqual([0, 0, 0]);
  });

  it('keeps open phases growing to `now` while the run is live', async () => {
    const { events } = await recordBatch(() => [sleepTool('slow', 1000)], [{ id: 'a', name: 'slow', arguments: {} }]);
    const partial = events.filter((event) => event.type !== 'attempt-end' && event.type !== 'tool-call-end');
    const model = buildTimeline(partial, 1600);
    const call = model.calls[0] as CallRow;
    expect(call.status).toBe('running');
    expect(call.segments[0]).toMatchObject({ kind: 'attempt', start: 1000, end: 1600, open: true });
    expect(model).toMatchObject({ live: true, end: 1600 });
    expect(buildTimeline(partial).calls[0]?.segments[0]?.end).toBe(1000);
  });

  it('groups calls under their agent iteration with the model calls on their own row', () => {
    const events = [
      { type: 'step-start', time: 0, iteration: 1 },
      { type: 'model-call-start', time: 0, iteration: 1, modelId: 'm', messageCount: 1, toolCount: 1 },
      { type: 'model-call-end', time: 40, iteration: 1, startedAt: 0, latencyMs: 40, finishReason: 'tool_calls' },
      { type: 'tool-call-queued', time: 40, toolCallId: 'a', name: 't', arguments: {}, index: 0, batchId: 'b1' },
      { type: 'step-end', time: 90, iteration: 1, toolCallCount: 1 },
      { type: 'step-start', time: 90, iteration: 2 },
      { type: 'model-call-start', time: 90, iteration: 2, modelId: 'm', messageCount: 3, toolCount: 1 },
    ] as const;
    const model = buildTimeline([...events], 120);
    expect(model.rows.map((row) => row.key)).toEqual(['model', 'iteration-1', 'a', 'iteration-2']);
    const modelRow = model.rows[0];
    expect(modelRow?.kind === 'model' && modelRow.calls.map((call) => [call.start, call.end, call.open])).toEqual([
      [0, 40, false],
      [90, 120, true],
    ]);
    expect(onlyCalls(model)[0]).toMatchObject({ iteration: 1, status: 'queued', batchId: 'b1' });
  });

  it('gives a reused tool call id its own row', () => {
    const queued = (time: number) => ({ type: 'tool-call-queued' as const, time, toolCallId: 'same', name: 't', arguments: {}, index: 0 });
    const end = (time: number) => ({
      type: 'tool-call-end' as const,
      time,
      toolCallId: 'same',
      name: 't',
      result: {
        toolCallId: 'same',
        name: 't',
        status: 'success' as const,
        result: 1,
        attempts: 0,
        queuedAt: time,
        startedAt: time,
        endedAt: time,
        durationMs: 0,
        logs: [],
        attemptsDetail: [],
      },
    });
    const model = buildTimeline([queued(0), end(1), queued(2), end(3)]);
    expect(model.calls.map((call) => call.key)).toEqual(['same', 'same~2']);
  });

  it('builds the same model incrementally as in one go, whatever the chunking', async () => {
    const { events } = await recordBatch(
      (clock) => [flakyTool('flaky', 1), sleepTool('slow', 120), stubbornTool('stubborn', 300, clock)],
      [
        { id: 'a', name: 'flaky', arguments: {} },
        { id: 'b', name: 'slow', arguments: {} },
        { id: 'c', name: 'stubborn', arguments: {} },
        { id: 'd', name: 'slow', arguments: {} },
      ],
      { concurrency: 2 },
    );
    const whole = buildTimeline(events);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: events.length }), { maxLength: 6 }), (cuts) => {
        const builder = new TimelineBuilder();
        const growing: typeof events = [];
        const handedOut: { model: TimelineModel; copy: TimelineModel }[] = [];
        for (const cut of [...cuts].sort((left, right) => left - right)) {
          growing.push(...events.slice(growing.length, cut));
          const model = builder.update(growing).snapshot();
          handedOut.push({ model, copy: structuredClone(model) });
        }
        growing.push(...events.slice(growing.length));
        expect(builder.update(growing).snapshot()).toEqual(whole);
        // Rows are written in place until handed out: none of an earlier model's rows moved since.
        for (const { model, copy } of handedOut) expect(model).toEqual(copy);
      }),
    );
  });

  // A loaded run of 100,000 calls made four empty lists per call that nearly all stay empty.
  it('gives calls without logs, progress, traffic or waits one shared empty list, which nobody can fill', async () => {
    const [first, second] = buildTimeline(syntheticRun({ calls: 2, seed: 3 })).calls as [CallRow, CallRow];
    for (const list of ['logs', 'progress', 'traffic', 'waits'] as const) {
      expect(first[list]).toEqual([]);
      expect(first[list]).toBe(second[list]);
      expect(Object.isFrozen(first[list])).toBe(true);
    }
  });

  it('reuses the rows of finished calls between snapshots', async () => {
    const { events } = await recordBatch(() => [sleepTool('slow', 10)], [{ id: 'a', name: 'slow', arguments: {} }]);
    const builder = new TimelineBuilder().update(events);
    expect(builder.snapshot(5000).calls[0]).toBe(builder.snapshot(6000).calls[0]);
  });
});
