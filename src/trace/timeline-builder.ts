// Events -> timeline model, incrementally. A live run appends events to one array in place, so the
// builder remembers how far it read and only applies the new ones; rows of calls that have ended and
// did not change are reused, which keeps a frame of a 10,000-call run cheap.
import type { AgentRunEvent } from '../agent/index.ts';
import { applyCallEvent, isExecutorEvent, newCallState, type CallState } from './call-state.ts';
import { callSegments, deadlineAsOf } from './call-segments.ts';
import { LaneAllocator } from './lanes.ts';
import { movedEarlier, openPauseMark, pauseMark, pausedUpTo } from './paused-time.ts';
import type { CallRow, IterationRow, ModelCallRecord, TimelineMark, TimelineModel, TimelineRow } from './timeline-types.ts';
import type { ToolVersionsChangeEvent } from '../core/index.ts';

export class TimelineBuilder {
  private read = 0;
  private first: number | undefined;
  private last: number | undefined;
  private iteration = 0;
  private readonly calls: CallState[] = [];
  private readonly active = new Map<string, CallState>();
  private readonly keys = new Set<string>();
  private readonly iterations = new Map<number, { start: number; end?: number }>();
  private readonly modelCalls: ModelCallRecord[] = [];
  private readonly lanes = new LaneAllocator();
  private readonly marks: TimelineMark[] = [];
  private lastSnapshot: { read: number; end: number; model: TimelineModel } | undefined;
  /** Step mode's time paused so far, taken off every later time (paused-time.ts). */
  private pausedMs = 0;
  /** When the pause still open began (clock ms, as recorded); the live axis stops there. */
  private openPauseAt: number | undefined;

  /** Events applied so far. */
  get eventCount(): number {
    return this.read;
  }

  /** Applies the events not seen yet, up to index `upTo` (a replay). Pass the same (growing) array every time. */
  update(events: readonly AgentRunEvent[], upTo = events.length): this {
    const stop = Math.min(upTo, events.length);
    for (; this.read < stop; this.read++) this.apply(events[this.read] as AgentRunEvent);
    return this;
  }

  private apply(recorded: AgentRunEvent): void {
    if (recorded.type === 'step-pause-start') {
      this.openPauseAt ??= recorded.time;
      return;
    }
    if (recorded.type === 'step-pause') {
      this.openPauseAt = undefined;
      if (recorded.time <= recorded.pausedAt) return;
      this.marks.push(pauseMark(recorded, this.pausedMs));
      this.pausedMs += recorded.time - recorded.pausedAt;
      return;
    }
    const event = movedEarlier(recorded, pausedUpTo(recorded.time, this.pausedMs, this.openPauseAt));
    this.first ??= event.time;
    this.last = Math.max(this.last ?? event.time, event.time);
    if (isExecutorEvent(event)) {
      let call = this.active.get(event.toolCallId);
      if (!call || (event.type === 'tool-call-queued' && call.endedAt !== undefined)) {
        let key = event.toolCallId;
        for (let copy = 2; this.keys.has(key); copy++) key = `${event.toolCallId}~${copy}`;
        call = newCallState(key, event, this.iteration);
        this.keys.add(key);
        this.calls.push(call);
        this.active.set(event.toolCallId, call);
      }
      applyCallEvent(call, event);
      if (event.type === 'tool-call-start' && call.lane === undefined) call.lane = this.lanes.acquire(event.time);
      if (event.type === 'tool-call-end' && call.lane !== undefined) this.lanes.release(call.lane, event.time);
      return;
    }
    switch (event.type) {
      case 'step-start':
        this.iteration = event.iteration;
        this.iterations.set(event.iteration, { start: event.time });
        return;
      case 'step-end': {
        const iteration = this.iterations.get(event.iteration);
        if (iteration) iteration.end = event.time;
        return;
      }
      case 'model-call-start':
        this.modelCalls.push({
          iteration: event.iteration,
          start: event.time,
          open: true,
          modelId: event.modelId,
          messageCount: event.messageCount,
        });
        return;
      case 'model-call-end': {
        let record = this.modelCalls.findLast((candidate) => candidate.open && candidate.iteration === event.iteration);
        if (!record) {
          record = { iteration: event.iteration, start: event.startedAt, open: true, modelId: '', messageCount: 0 };
          this.modelCalls.push(record);
        }
        Object.assign(record, {
          end: event.time,
          open: false,
          latencyMs: event.latencyMs,
          usage: event.usage,
          finishReason: event.finishReason,
          toolCallCount: event.toolCallCount,
          error: event.error,
        });
        return;
      }
      case 'model-delta':
        return;
      case 'tool-versions-change':
        this.marks.push({ time: event.time, label: versionChangeLabel(event) });
        return;
    }
  }

  /**
   * The model as of `now` (clock ms). Pass `now` while the run is going, so open phases grow; without
   * it they end at the last event (a finished or stopped run). Asked again with nothing new (a finished
   * run re-rendered, panned or zoomed), it gives the same model: the work is done once per change.
   */
  snapshot(now?: number): TimelineModel {
    const start = this.first ?? 0;
    const lastEvent = this.last ?? start;
    const end = now === undefined ? lastEvent : Math.max(lastEvent, now - pausedUpTo(now, this.pausedMs, this.openPauseAt));
    const previous = this.lastSnapshot;
    if (previous && previous.read === this.read && previous.end === end) return previous.model;
    let live = false;
    let lingering = false;
    const groups = new Map<number, CallRow[]>();
    const calls: CallRow[] = new Array(this.calls.length);
    for (let index = 0; index < this.calls.length; index++) {
      const call = this.calls[index] as CallState;
      const ghostOpen = hasOpenGhost(call);
      const open = call.endedAt === undefined || ghostOpen;
      live ||= open;
      lingering ||= ghostOpen;
      const row = this.rowFor(call, end, open);
      calls[index] = row;
      const group = groups.get(call.iteration);
      if (group) group.push(row);
      else groups.set(call.iteration, [row]);
    }
    const modelCalls = this.modelCalls.map((record) => (record.open ? ((live = true), { ...record, end }) : record));
    const rows: TimelineRow[] = modelCalls.length > 0 ? [{ kind: 'model', key: 'model', calls: modelCalls }] : [];
    const iterationNumbers = new Set([...this.iterations.keys(), ...groups.keys()]);
    for (const iteration of [...iterationNumbers].sort((left, right) => left - right)) {
      const span = this.iterations.get(iteration);
      if (span) {
        live ||= span.end === undefined;
        const header: IterationRow = {
          kind: 'iteration',
          key: `iteration-${iteration}`,
          iteration,
          start: span.start,
          end: span.end ?? end,
          open: span.end === undefined,
        };
        rows.push(header);
      }
      // One by one: spreading a group of 100,000 rows into push() would pass 100,000 arguments.
      for (const row of groups.get(iteration) ?? []) rows.push(row);
    }
    const marks = this.openPauseAt === undefined ? this.marks.slice() : [...this.marks, openPauseMark(this.openPauseAt, this.pausedMs)];
    const model: TimelineModel = { rows, calls, lanes: this.lanes.model(), marks, start, end, live, lingering };
    this.lastSnapshot = { read: this.read, end, model };
    return model;
  }

  /**
   * The call's row: the one built last while nothing changed and the call is over, else a new one. A
   * new row shares the call's arrays instead of copying them (the call copies before its next change,
   * see CallState.shared), so a finished run of 100,000 calls builds 100,000 small objects, not
   * 100,000 copies of every attempt and log.
   */
  private rowFor(call: CallState, now: number, open: boolean): CallRow {
    const cached = call.row;
    if (cached && !call.dirty && !open) return cached;
    const row: CallRow = {
      kind: 'call',
      key: call.key,
      toolCallId: call.toolCallId,
      name: call.name,
      iteration: call.iteration,
      index: call.index,
      arguments: call.arguments,
      queuedAt: call.queuedAt,
      status: call.status,
      attempts: call.attempts,
      logs: call.logs,
      progress: call.progress,
      traffic: call.traffic,
      waits: call.waits,
      segments: callSegments(call, now),
      deadlines: deadlinesOf(call, now),
    };
    // Set only when known (absent, not undefined, as a row has always read), without spreading a new object per field.
    if (call.batchId !== undefined) row.batchId = call.batchId;
    if (call.version !== undefined) row.version = call.version;
    if (call.startedAt !== undefined) row.startedAt = call.startedAt;
    if (call.endedAt !== undefined) row.endedAt = call.endedAt;
    if (call.result !== undefined) row.result = call.result;
    if (call.lane !== undefined) row.lane = call.lane;
    call.dirty = false;
    call.shared = true;
    call.row = row;
    return row;
  }
}

/** A deadline that stands still (the attempt waits on the person) moves on with `now`, so a live bar never passes it. */
function deadlinesOf(call: CallState, now: number): number[] {
  const deadlines: number[] = [];
  for (const attempt of call.attempts) if (Number.isFinite(attempt.deadline)) deadlines.push(deadlineAsOf(attempt, now));
  return deadlines;
}

/** Work of one of its attempts outlived the deadline and has neither settled nor been killed yet. */
function hasOpenGhost(call: CallState): boolean {
  for (const attempt of call.attempts)
    if (attempt.workRunning === true && attempt.lateSettleAt === undefined && attempt.killedAt === undefined) return true;
  return false;
}

/** The whole pipeline in one pure call: events (and `now` for a live run) -> timeline model. */
export function buildTimeline(events: readonly AgentRunEvent[], now?: number): TimelineModel {
  return new TimelineBuilder().update(events).snapshot(now);
}

const changeNames: Record<ToolVersionsChangeEvent['change'], string> = {
  rollback: 'Rollback',
  'set-traffic': 'Traffic',
  deploy: 'Deploy',
  restore: 'Restore',
};

/** "Rollback: flaky_api → v1", or "Traffic: flaky_api → v1 75%, v2 25%" while a canary takes a share. */
function versionChangeLabel(event: ToolVersionsChangeEvent): string {
  const serving = event.versions.filter((version) => version.traffic > 0);
  const split =
    serving.length === 1
      ? (serving[0]?.version ?? '')
      : serving.map((version) => `${version.version} ${Math.round(version.traffic * 100)}%`).join(', ');
  return `${changeNames[event.change]}: ${event.name} → ${split}`;
}
