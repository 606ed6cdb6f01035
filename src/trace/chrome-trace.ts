// The run as a Chrome Trace Event file (the JSON object format), which Perfetto and Chrome DevTools
// open. Each concurrency slot is a thread, so the trace shows the same lanes as the timeline: a call is
// a complete ("X") event on its slot's thread with its validation, attempts and backoff waits nested
// inside. Queue waits and late settles overlap other calls, which X events on one thread cannot, so
// they are async ("b"/"e") events on their own tracks.
import type { CallRow, TimelineModel, TimelineSegment } from './timeline-types.ts';
import { errorOf } from '../core/index.ts';

export interface TraceEvent {
  name: string;
  ph: 'X' | 'M' | 'i' | 'b' | 'e';
  /** Microseconds from the run's first event. */
  ts: number;
  pid: number;
  tid: number;
  dur?: number;
  cat?: string;
  id?: string;
  s?: 't' | 'p' | 'g';
  args?: Record<string, unknown>;
}

export interface ChromeTrace {
  traceEvents: TraceEvent[];
  displayTimeUnit: 'ms';
  otherData: Record<string, string>;
}

export const tracePid = 1;
/** No thread is 0: some viewers drop the events of thread 0. */
export const modelThread = 1;
/** Slot n (0-based) is thread n + 2; calls that never ran go on the thread after the last slot. */
export const slotThread = (lane: number): number => lane + 2;

export function toChromeTrace(model: TimelineModel, otherData: Record<string, string> = {}): ChromeTrace {
  const micro = (time: number): number => Math.round((time - model.start) * 1000 * 1000) / 1000;
  const span = (start: number, end: number) => ({ ts: micro(start), dur: Math.max(0, micro(end) - micro(start)) });
  const notRunThread = slotThread(model.lanes.count);
  // Metadata events carry the category Chrome itself writes for them; some trace-model loaders need it.
  const metadata = (name: string, tid: number, value: string): TraceEvent => ({
    name,
    cat: '__metadata',
    ph: 'M',
    ts: 0,
    pid: tracePid,
    tid,
    args: { name: value },
  });
  const events: TraceEvent[] = [metadata('process_name', modelThread, 'Toolscope run'), metadata('thread_name', modelThread, 'Model')];
  for (let lane = 0; lane < model.lanes.count; lane++) events.push(metadata('thread_name', slotThread(lane), `Slot ${lane + 1}`));
  events.push(metadata('thread_name', notRunThread, 'Rejected before running'));

  for (const row of model.rows) {
    if (row.kind !== 'model') continue;
    for (const call of row.calls) {
      const end = call.end ?? model.end;
      events.push({
        name: `model call (iteration ${call.iteration})`,
        cat: 'model',
        ph: 'X',
        pid: tracePid,
        tid: modelThread,
        ...span(call.start, end),
        args: {
          iteration: call.iteration,
          finishReason: call.finishReason,
          usage: call.usage,
          error: call.error?.message,
          open: call.open,
        },
      });
    }
  }
  for (const call of model.calls) events.push(...callEvents(call, model.end, span, micro, notRunThread));
  return { traceEvents: events, displayTimeUnit: 'ms', otherData: { source: 'Toolscope', ...otherData } };
}

function callEvents(
  call: CallRow,
  runEnd: number,
  span: (start: number, end: number) => { ts: number; dur: number },
  micro: (time: number) => number,
  notRunThread: number,
): TraceEvent[] {
  const events: TraceEvent[] = [];
  const common = { toolCallId: call.toolCallId, iteration: call.iteration, status: call.status, attempts: call.attempts.length };
  for (const segment of call.segments) {
    if (segment.kind === 'queued' || segment.kind === 'ghost') {
      const name = segment.kind === 'queued' ? `${call.name} queued` : `${call.name} attempt ${segment.attempt} ignored its abort`;
      const id = `${segment.kind}:${call.key}:${segment.attempt ?? 0}`;
      // Async events get tracks of their own in the process; they are filed under its first thread.
      events.push({ name, cat: segment.kind, ph: 'b', id, ts: micro(segment.start), pid: tracePid, tid: modelThread, args: common });
      events.push({ name, cat: segment.kind, ph: 'e', id, ts: micro(segment.end), pid: tracePid, tid: modelThread });
    }
  }
  if (call.startedAt === undefined || call.lane === undefined) {
    // Mid-run, a call without a start may still be waiting for a slot: its queue wait above is all it has
    // done so far. Only a call that ended without running was rejected before running.
    if (call.endedAt === undefined) return events;
    events.push({
      name: call.name,
      cat: 'tool',
      ph: 'i',
      s: 't',
      ts: micro(call.endedAt ?? call.queuedAt),
      pid: tracePid,
      tid: notRunThread,
      args: { ...common, error: errorOf(call.result)?.message },
    });
    return events;
  }
  const tid = slotThread(call.lane);
  events.push({
    name: call.name,
    cat: 'tool',
    ph: 'X',
    pid: tracePid,
    tid,
    ...span(call.startedAt, call.endedAt ?? runEnd),
    args: { ...common, arguments: call.arguments, error: errorOf(call.result)?.message },
  });
  for (const segment of call.segments) {
    if (segment.kind === 'queued' || segment.kind === 'ghost') continue;
    const name = segmentName(segment);
    const attempt = call.attempts.find((candidate) => candidate.attempt === segment.attempt);
    const args = segmentArgs(call, segment);
    events.push({ name, cat: segment.kind, ph: 'X', pid: tracePid, tid, ...span(segment.start, segment.end), ...(args ? { args } : {}) });
    if (segment.kind === 'attempt' && segment.outcome === 'timeout' && attempt) {
      events.push({ name: 'deadline', cat: 'deadline', ph: 'i', s: 't', ts: micro(attempt.deadline), pid: tracePid, tid });
    }
  }
  return events;
}

const waitNames: Partial<Record<TimelineSegment['kind'], string>> = {
  waiting: 'waiting for you (deadline paused)',
  connecting: 'waiting for a connection',
  sampling: 'model call (sampling)',
};

function segmentName(segment: TimelineSegment): string {
  if (segment.kind === 'attempt') return `attempt ${segment.attempt}`;
  if (segment.kind === 'backoff') return `backoff after attempt ${segment.attempt}`;
  return waitNames[segment.kind] ?? 'validating';
}

function segmentArgs(call: CallRow, segment: TimelineSegment): Record<string, unknown> | undefined {
  const attempt = call.attempts.find((candidate) => candidate.attempt === segment.attempt);
  if (segment.kind === 'attempt')
    return {
      outcome: segment.outcome ?? 'running',
      deadlineMs: attempt ? attempt.deadline - attempt.start : undefined,
      error: attempt?.error?.message,
    };
  if (segment.kind === 'backoff') return { delayMs: attempt?.retryDelayMs, reason: attempt?.retryReason };
  if (segment.kind === 'validating') return undefined;
  // A wait's words, and for a model call its model and tokens, nested in the attempt's span.
  const wait = call.waits.find((candidate) => candidate.attempt === segment.attempt && candidate.start === segment.start);
  if (!wait) return undefined;
  return { message: wait.message, model: wait.model, inputTokens: wait.usage?.inputTokens, outputTokens: wait.usage?.outputTokens };
}
