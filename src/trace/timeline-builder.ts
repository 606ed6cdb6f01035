// Events -> timeline model, incrementally. A live run appends events to one array in place, so the
// builder remembers how far it read and only applies the new ones; rows of calls that have ended and
// did not change are reused, which keeps a frame of a 10,000-call run cheap. Each call's row is written
// in place until a snapshot hands it out, and copied only when it changes after that (ADR 0027).
import type { AgentRunEvent } from '../agent/index.ts';
import { applyCallEvent, isExecutorEvent, newCallRow, noEntries, writableCopy } from './call-state.ts';
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
  /** Each call's row, in the order calls were queued; `active` finds the latest call of an id. */
  private readonly calls: CallRow[] = [];
  /** By call number: a snapshot has handed the row out (the next change writes into a copy). */
  private readonly handedOut: boolean[] = [];
  /** By call number: changed since its row was last handed out. */
  private readonly changed: boolean[] = [];
  private readonly active = new Map<string, number>();
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
      let number = this.active.get(event.toolCallId);
      if (number === undefined || (event.type === 'tool-call-queued' && (this.calls[number] as CallRow).endedAt !== undefined)) {
        let key = event.toolCallId;
        for (let copy = 2; this.keys.has(key); copy++) key = `${event.toolCallId}~${copy}`;
        number = this.calls.length;
        this.keys.add(key);
        this.calls.push(newCallRow(key, event, this.iteration));
        this.handedOut.push(false);
        this.changed.push(true);
        this.active.set(event.toolCallId, number);
      }
      const call = this.writable(number);
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
      const call = this.calls[index] as CallRow;
      const ghostOpen = hasOpenGhost(call);
      const open = call.endedAt === undefined || ghostOpen;
      live ||= open;
      lingering ||= ghostOpen;
      // The row handed out last, while nothing changed and the call is over; else it is (re)drawn as of `end`.
      const row = this.handedOut[index] && !this.changed[index] && !open ? call : this.handOut(index, end);
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

  /** The call's row to write an event into: its own, or a copy when a snapshot handed it out. */
  private writable(number: number): CallRow {
    this.changed[number] = true;
    if (!this.handedOut[number]) return this.calls[number] as CallRow;
    this.handedOut[number] = false;
    const copy = writableCopy(this.calls[number] as CallRow);
    this.calls[number] = copy;
    return copy;
  }

  /**
   * The call's row with its phases as of `now`, handed out. One never handed out is finished in place (a
   * finished run's rows are built once, with no copy); one handed out before gets a new object that
   * shares its lists (both are handed out, so the next change copies them first).
   */
  private handOut(number: number, now: number): CallRow {
    const row = this.handedOut[number] ? { ...(this.calls[number] as CallRow) } : (this.calls[number] as CallRow);
    row.segments = callSegments(row, now);
    row.deadlines = deadlinesOf(row, now);
    this.calls[number] = row;
    this.handedOut[number] = true;
    this.changed[number] = false;
    return row;
  }
}

/** A deadline that stands still (the attempt waits on the person) moves on with `now`, so a live bar never passes it. */
function deadlinesOf(call: CallRow, now: number): number[] {
  let deadlines: number[] | undefined;
  for (const attempt of call.attempts) if (Number.isFinite(attempt.deadline)) (deadlines ??= []).push(deadlineAsOf(attempt, now));
  return deadlines ?? noEntries;
}

/** Work of one of its attempts outlived the deadline and has neither settled nor been killed yet. */
function hasOpenGhost(call: CallRow): boolean {
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
