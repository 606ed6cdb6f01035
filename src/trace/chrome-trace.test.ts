import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline-builder.ts';
import { modelThread, slotThread, toChromeTrace, type TraceEvent } from './chrome-trace.ts';
import { flakyTool, recordBatch, sleepTool, stubbornTool } from './recorded-batches.test-support.ts';

async function richTrace() {
  const { events } = await recordBatch(
    (clock) => [sleepTool('slow', 150), flakyTool('flaky', 1), stubbornTool('stubborn', 400, clock)],
    [
      { id: 'a', name: 'slow', arguments: { value: 'x' } },
      { id: 'b', name: 'flaky', arguments: {} },
      { id: 'c', name: 'stubborn', arguments: {} },
      { id: 'd', name: 'slow', arguments: {} },
      { id: 'e', name: 'nope', arguments: {} },
    ],
    { concurrency: 2 },
  );
  return toChromeTrace(buildTimeline(events));
}

describe('toChromeTrace', () => {
  it('follows the Trace Event format: complete events with microsecond times, metadata naming threads', async () => {
    const trace = await richTrace();
    expect(trace.displayTimeUnit).toBe('ms');
    expect(JSON.parse(JSON.stringify(trace))).toEqual(trace);
    for (const event of trace.traceEvents) {
      expect(['X', 'M', 'i', 'b', 'e']).toContain(event.ph);
      expect(typeof event.name).toBe('string');
      expect(Number.isInteger(event.pid) && Number.isInteger(event.tid)).toBe(true);
      expect(event.ts).toBeGreaterThanOrEqual(0);
      if (event.ph === 'X') expect(event.dur).toBeGreaterThanOrEqual(0);
      if (event.ph === 'b' || event.ph === 'e') expect(event.id).toBeTruthy();
    }
    // The first call runs 150 ms: 150,000 µs.
    const first = trace.traceEvents.find((event) => event.ph === 'X' && event.cat === 'tool' && event.args?.toolCallId === 'a');
    expect(first).toMatchObject({ ts: 0, dur: 150_000 });
  });

  it('puts one thread per concurrency slot, and never two overlapping calls on one thread', async () => {
    const trace = await richTrace();
    const names = trace.traceEvents
      .filter((event) => event.ph === 'M' && event.name === 'thread_name')
      .map((event) => [event.tid, event.args?.name]);
    expect(names).toEqual([
      [modelThread, 'Model'],
      [slotThread(0), 'Slot 1'],
      [slotThread(1), 'Slot 2'],
      [slotThread(2), 'Rejected before running'],
    ]);
    const calls = trace.traceEvents.filter((event): event is TraceEvent & { dur: number } => event.ph === 'X' && event.cat === 'tool');
    expect(calls).toHaveLength(4);
    for (const thread of [slotThread(0), slotThread(1)]) {
      const onThread = calls.filter((event) => event.tid === thread).sort((left, right) => left.ts - right.ts);
      onThread.forEach(
        (event, index) => index > 0 && expect(event.ts).toBeGreaterThanOrEqual(onThread[index - 1]!.ts + onThread[index - 1]!.dur),
      );
    }
  });

  it('nests attempts and backoff inside their call, and shows queue waits, late settles and deadlines', async () => {
    const trace = await richTrace();
    const complete = trace.traceEvents.filter((event): event is TraceEvent & { dur: number } => event.ph === 'X');
    for (const inner of complete.filter((event) => ['attempt', 'backoff', 'validating'].includes(event.cat ?? ''))) {
      const parent = complete.find(
        (event) => event.cat === 'tool' && event.tid === inner.tid && event.ts <= inner.ts && inner.ts + inner.dur <= event.ts + event.dur,
      );
      expect(parent, `${inner.name} inside a call`).toBeDefined();
    }
    expect(complete.filter((event) => event.cat === 'backoff')).toHaveLength(1);
    const async = trace.traceEvents.filter((event) => event.ph === 'b').map((event) => event.cat);
    expect(async).toContain('queued');
    expect(async).toContain('ghost');
    expect(trace.traceEvents.filter((event) => event.ph === 'b')).toHaveLength(
      trace.traceEvents.filter((event) => event.ph === 'e').length,
    );
    expect(trace.traceEvents.some((event) => event.name === 'deadline' && event.ph === 'i')).toBe(true);
    expect(trace.traceEvents.find((event) => event.ph === 'i' && event.tid === slotThread(2))).toMatchObject({ name: 'nope' });
  });

  it('puts model calls on the model thread', () => {
    const trace = toChromeTrace(
      buildTimeline([
        { type: 'step-start', time: 10, iteration: 1 },
        { type: 'model-call-start', time: 10, iteration: 1, modelId: 'm', messageCount: 1, toolCount: 0 },
        { type: 'model-call-end', time: 30.5, iteration: 1, startedAt: 10, latencyMs: 20.5, finishReason: 'stop' },
      ]),
    );
    expect(trace.traceEvents.find((event) => event.cat === 'model')).toMatchObject({ ph: 'X', tid: modelThread, ts: 0, dur: 20_500 });
  });

  // Issue 26: Chrome writes `"cat": "__metadata"` on metadata events, and at least one trace-model loader
  // crashed without it; some viewers drop thread 0, which was the Model lane.
  it('gives metadata events the __metadata category, and no event thread 0', async () => {
    const trace = await richTrace();
    const metadata = trace.traceEvents.filter((event) => event.ph === 'M');
    expect(metadata.map((event) => event.name)).toEqual(['process_name', 'thread_name', 'thread_name', 'thread_name', 'thread_name']);
    for (const event of metadata) expect(event.cat).toBe('__metadata');
    expect(trace.traceEvents.filter((event) => event.tid === 0)).toEqual([]);
    expect(modelThread).not.toBe(0);
  });
});

describe('a Chrome trace exported mid-run (issue 24, defect 5)', () => {
  it('draws calls still waiting for a slot as queue waits, not on "Rejected before running"', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 100)],
      ['a', 'b', 'c'].map((id) => ({ id, name: 'slow', arguments: {} })),
      { concurrency: 1 },
    );
    // The export as the Export button makes it while the first call runs: b and c wait for the one slot.
    const firstEnd = events.findIndex((event) => event.type === 'tool-call-end');
    const trace = toChromeTrace(buildTimeline(events.slice(0, firstEnd)));
    const rejectedThread = trace.traceEvents.find((event) => event.ph === 'M' && event.args?.name === 'Rejected before running')!.tid;
    expect(trace.traceEvents.filter((event) => event.tid === rejectedThread && event.ph !== 'M')).toEqual([]);
    const waits = trace.traceEvents.filter((event) => event.ph === 'b' && event.cat === 'queued').map((event) => event.args?.toolCallId);
    expect(waits).toEqual(['b', 'c']);
    expect(trace.traceEvents.filter((event) => event.ph === 'X' && event.cat === 'tool').map((event) => event.args?.toolCallId)).toEqual([
      'a',
    ]);
  });
});
