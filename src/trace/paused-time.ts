// Step mode's pauses off the timeline's axis (issue 27). A run held for 15 s while the person read a
// batch drew its calls as slivers at the end of a 17 s axis; the time spent waiting on the person says
// nothing about the tools. The builder moves every event after a pause earlier by the time paused so
// far, and marks where the time was taken out, so the axis stays truthful about what it left out. While
// a pause is still open the live axis stops at it (it does not grow while the person reads), and
// whatever happens during the pause (a Rollback pressed, a late settle) is drawn at the pause.
import type { AgentRunEvent, StepPauseEvent } from '../agent/index.ts';
import type { TimelineMark } from './timeline-types.ts';

/** Fields of run events that hold clock times, beside `time` (a deadline may be Infinity: it stays so). */
const timeFields = ['deadline', 'startedAt'] as const;

/** The event with its times `by` ms earlier; the event itself when nothing was paused. */
export function movedEarlier<Event extends AgentRunEvent>(event: Event, by: number): Event {
  if (by === 0) return event;
  const moved: Record<string, unknown> = { ...event, time: event.time - by };
  for (const field of timeFields) {
    const value = moved[field];
    if (typeof value === 'number') moved[field] = value - by;
  }
  const entry = moved.entry as { time?: unknown } | undefined;
  if (entry && typeof entry.time === 'number') moved.entry = { ...entry, time: entry.time - by };
  return moved as Event;
}

/** Where a pause was taken out, on the axis without the pauses before it. */
export function pauseMark(pause: StepPauseEvent, pausedBefore: number): TimelineMark {
  return { time: pause.pausedAt - pausedBefore, label: `Paused ${formatPause(pause.time - pause.pausedAt)} (not on the axis)` };
}

/** The pause still open, where the live axis stops: its length is known once the person goes on. */
export function openPauseMark(pausedAt: number, pausedBefore: number): TimelineMark {
  return { time: pausedAt - pausedBefore, label: 'Paused, waiting for you (not on the axis)' };
}

/** How much of the time up to `time` is taken off the axis: the pauses closed, and the open one's part. */
export function pausedUpTo(time: number, closedMs: number, openPauseAt: number | undefined): number {
  return closedMs + (openPauseAt === undefined ? 0 : Math.max(0, time - openPauseAt));
}

function formatPause(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`;
}
