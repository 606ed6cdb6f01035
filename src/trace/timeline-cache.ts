// One builder per run, kept outside React: a live run appends to the same events array in place, so
// the array itself is the key, and a new frame only pays for the events that arrived since the last.
import type { AgentRunEvent } from '../agent/index.ts';
import { TimelineBuilder } from './timeline-builder.ts';
import type { TimelineModel } from './timeline-types.ts';

const live = new WeakMap<readonly AgentRunEvent[], TimelineBuilder>();
const replays = new WeakMap<readonly AgentRunEvent[], { builder: TimelineBuilder; playhead: number }>();

/** The run's timeline as of now (pass `now` while it is live). */
export function liveTimeline(events: readonly AgentRunEvent[], now?: number): TimelineModel {
  let builder = live.get(events);
  if (!builder) {
    builder = new TimelineBuilder();
    live.set(events, builder);
  }
  return builder.update(events).snapshot(now);
}

/** Number of events at or before `time` (events are in time order: one clock stamps them all). */
export function eventsUntil(events: readonly AgentRunEvent[], time: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((events[middle] as AgentRunEvent).time <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The run as it looked at `playhead`: a replay moving forward only applies the new events. */
export function replayTimeline(events: readonly AgentRunEvent[], playhead: number): TimelineModel {
  let replay = replays.get(events);
  if (!replay || playhead < replay.playhead) {
    replay = { builder: new TimelineBuilder(), playhead };
    replays.set(events, replay);
  }
  replay.playhead = playhead;
  return replay.builder.update(events, eventsUntil(events, playhead)).snapshot(playhead);
}
