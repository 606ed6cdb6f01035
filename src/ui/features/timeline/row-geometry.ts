// Where a row's shapes sit on the canvas, in CSS pixels: each phase's bar, the deadline marks, the kill
// mark, the end diamond, the bolts of injected faults, the model calls. Pure: drawing paints these boxes,
// and label placement keeps every label off them, so what is drawn and what is avoided are one geometry.
import {
  fractionOf,
  injectedFaults,
  isWaitSegment,
  visibleSpan,
  type CallRow,
  type ModelRow,
  type Viewport,
} from '../../../trace/index.ts';
import type { PlotArea, TimelineLayout } from './timeline-layout.ts';

export type Box = [left: number, top: number, width: number, height: number];

export interface RowFrame {
  viewport: Viewport;
  plot: PlotArea;
  metrics: TimelineLayout;
}

export type ObstacleKind = 'bar' | 'ghost' | 'deadline' | 'kill' | 'end' | 'fault' | 'model' | 'mark';

export interface Obstacle {
  kind: ObstacleKind;
  box: Box;
}

/** The visible part of a phase from `start` to `end`, `height` tall and centred in the row at `top`. */
export function barBox(frame: RowFrame, start: number, end: number, top: number, height: number): Box | null {
  const span = visibleSpan(frame.viewport, start, end);
  if (!span) return null;
  const left = frame.plot.left + span.left * frame.plot.width;
  // A phase shorter than a pixel still shows: a 1 ms retry in a one-minute run must not vanish.
  return [left, top + (frame.metrics.rowHeight - height) / 2, Math.max(1, (span.right - span.left) * frame.plot.width), height];
}

/**
 * How tall a phase is drawn: the tool's own work (an attempt, a ghost, the wait on the person, which holds
 * the attempt open) full height; waits for a slot, a connection, the next attempt thin; a model answering
 * for the tool (sampling) a bar inside the attempt's, as model calls are drawn on the Model row.
 */
export function phaseHeight(metrics: TimelineLayout, kind: CallRow['segments'][number]['kind']): number {
  if (kind === 'attempt' || kind === 'ghost' || kind === 'waiting') return metrics.barHeight;
  if (kind === 'sampling') return Math.round(metrics.barHeight * 0.55);
  return metrics.thinBarHeight;
}

/** The x of a time, or null when it is outside the viewport (with a little slack for marks on the edge). */
export function xOf(frame: RowFrame, time: number, slack = 0): number | null {
  const fraction = fractionOf(frame.viewport, time);
  if (fraction < -slack || fraction > 1 + slack) return null;
  return frame.plot.left + fraction * frame.plot.width;
}

/** Deadlines drawn on the row: of attempts still running or that timed out. */
export function shownDeadlines(frame: RowFrame, call: CallRow): number[] {
  return call.attempts.flatMap((attempt) => {
    if (attempt.end !== undefined && attempt.outcome !== 'timeout') return [];
    const fraction = fractionOf(frame.viewport, attempt.deadline);
    return fraction < 0 || fraction > 1 ? [] : [Math.round(frame.plot.left + fraction * frame.plot.width)];
  });
}

/** The end diamond of a call that ended without a finished attempt last (unknown tool, bad arguments, cancelled). */
export function endMarkTime(call: CallRow): number | undefined {
  const last = call.segments.findLast((segment) => segment.kind !== 'ghost' && !isWaitSegment(segment.kind));
  return call.endedAt !== undefined && last?.kind !== 'attempt' ? call.endedAt : undefined;
}

/** Every shape of a call's row at `top`, as boxes. */
export function callObstacles(frame: RowFrame, call: CallRow, top: number): Obstacle[] {
  const { metrics } = frame;
  const unit = metrics.scale;
  const middle = top + metrics.rowHeight / 2;
  const obstacles: Obstacle[] = [];
  for (const segment of call.segments) {
    const box = barBox(frame, segment.start, segment.end, top, phaseHeight(metrics, segment.kind));
    if (!box) continue;
    obstacles.push({ kind: segment.kind === 'ghost' ? 'ghost' : 'bar', box });
    // The ✕ is drawn with a 2-unit line over 4-unit arms, centred on the ghost's end.
    if (segment.ghostEnd === 'killed')
      obstacles.push({ kind: 'kill', box: [box[0] + box[2] - 5 * unit, middle - 5 * unit, 10 * unit, 10 * unit] });
  }
  const ended = endMarkTime(call);
  const endX = ended === undefined ? null : xOf(frame, ended, 0.01);
  if (endX !== null) obstacles.push({ kind: 'end', box: [endX - 5 * unit, middle - 5 * unit, 10 * unit, 10 * unit] });
  for (const x of shownDeadlines(frame, call))
    obstacles.push({ kind: 'deadline', box: [x - 4 * unit, top + 1, 8 * unit, metrics.rowHeight - 2] });
  for (const mark of injectedFaults(call.logs)) {
    const x = xOf(frame, mark.time, 0.01);
    if (x !== null) obstacles.push({ kind: 'fault', box: [x - 4 * unit, top, 8 * unit, metrics.rowHeight - 2] });
  }
  return obstacles;
}

export function modelObstacles(frame: RowFrame, row: ModelRow, top: number): Obstacle[] {
  return row.calls.flatMap((record) => {
    const box = barBox(frame, record.start, record.end ?? record.start, top, frame.metrics.barHeight);
    return box ? [{ kind: 'model' as const, box }] : [];
  });
}

/** Whether two boxes overlap (touching edges do not). */
export function intersects(first: Box, second: Box): boolean {
  return (
    first[0] < second[0] + second[2] &&
    second[0] < first[0] + first[2] &&
    first[1] < second[1] + second[3] &&
    second[1] < first[1] + first[3]
  );
}
