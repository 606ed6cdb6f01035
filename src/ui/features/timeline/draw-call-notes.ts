// The words and marks a call's bar carries besides its phases: the ghost of work that outlived its
// deadline ("still running — result will be discarded", then how it ended), the kill mark, and the
// call's real time limit, so a lesson reads on the chart without opening the inspector.
import { formatDuration, fractionOf, ghostLabel, type CallRow, type TimelineSegment, type Viewport } from '../../../trace/index.ts';
import { font, type PlotArea, type TimelineLayout } from './timeline-layout.ts';
import type { TimelinePalette } from './timeline-palette.ts';

interface NotesInput {
  context: CanvasRenderingContext2D;
  plot: PlotArea;
  viewport: Viewport;
  palette: TimelinePalette;
  metrics: TimelineLayout;
}

type Box = [left: number, top: number, width: number, height: number];

/** A ghost: hatched outline, its label inside (or just after it when it is too narrow), a ✕ where it was killed. */
export function drawGhost(input: NotesInput, call: CallRow, segment: TimelineSegment, box: Box): void {
  const { context, palette, metrics } = input;
  const unit = metrics.scale;
  context.fillStyle = withAlphaHex(palette.ghost, 0.16);
  context.fillRect(...box);
  context.strokeStyle = palette.ghost;
  context.lineWidth = unit;
  context.setLineDash([3 * unit, 2 * unit]);
  context.strokeRect(box[0] + 0.5, box[1] + 0.5, Math.max(0, box[2] - 1), box[3] - 1);
  context.setLineDash([]);
  context.lineWidth = 1;
  const attempt = call.attempts.find((candidate) => candidate.attempt === segment.attempt);
  const text = ghostLabel(segment, attempt);
  const middle = box[1] + box[3] / 2;
  context.font = font(metrics, 'small');
  const width = context.measureText(text).width;
  const plotRight = input.plot.left + input.plot.width;
  const killGap = segment.ghostEnd === 'killed' ? 8 * unit : 0;
  const after = box[0] + box[2] + 6 * unit + killGap;
  // Inside when it fits; else just after the bar when the chart has room; else against the chart's right
  // edge on a backing (a ghost that ends there, as Stop's kills do, kept its label to a few letters);
  // else, on a chart too narrow for it, wherever more of it shows, cut at the bar's end or the chart's.
  const roomInside = box[2] - 8 * unit;
  const roomAfter = plotRight - after;
  const atEdge = plotRight - width - 4 * unit - killGap;
  const placement =
    width <= roomInside
      ? 'inside'
      : width <= roomAfter
        ? 'after'
        : atEdge >= input.plot.left
          ? 'edge'
          : roomAfter >= roomInside
            ? 'after'
            : 'cut';
  const x = placement === 'after' ? after : placement === 'edge' ? atEdge : box[0] + 4 * unit;
  const clipRight = placement === 'cut' ? Math.min(box[0] + box[2], plotRight) : plotRight;
  if (x < clipRight) {
    context.save();
    context.beginPath();
    context.rect(input.plot.left, box[1] - 2 * unit, clipRight - input.plot.left, box[3] + 4 * unit);
    context.clip();
    if (placement === 'edge') {
      context.fillStyle = withAlphaHex(palette.background, 0.85);
      context.fillRect(x - 3 * unit, box[1], width + 6 * unit, box[3]);
    }
    context.fillStyle = palette.text;
    context.fillText(text, x, middle);
    context.restore();
  }
  if (segment.ghostEnd === 'killed') killMark(context, box[0] + box[2], middle, palette.error, unit);
}

function killMark(context: CanvasRenderingContext2D, x: number, middle: number, colour: string, unit: number): void {
  const arm = 4 * unit;
  context.strokeStyle = colour;
  context.lineWidth = 2 * unit;
  context.beginPath();
  context.moveTo(x - arm, middle - arm);
  context.lineTo(x + arm, middle + arm);
  context.moveTo(x + arm, middle - arm);
  context.lineTo(x - arm, middle + arm);
  context.stroke();
  context.lineWidth = 1;
}

/** "limit 3.0 s" after the bar of a call without a ghost: the timeout that really applied to it. */
export function drawLimitNote(input: NotesInput, call: CallRow, top: number): void {
  const attempt = call.attempts[call.attempts.length - 1];
  if (!attempt || !Number.isFinite(attempt.timeoutMs)) return;
  if (call.segments.some((segment) => segment.kind === 'ghost')) return;
  const end = call.segments.reduce((latest, segment) => Math.max(latest, segment.end), attempt.start);
  const fraction = fractionOf(input.viewport, end);
  if (fraction < 0 || fraction > 0.97) return;
  const { context, palette, plot, metrics } = input;
  context.save();
  context.beginPath();
  context.rect(plot.left, top, plot.width, metrics.rowHeight);
  context.clip();
  context.font = font(metrics, 'small');
  context.fillStyle = palette.textMuted;
  context.fillText(
    `limit ${formatDuration(attempt.timeoutMs)}`,
    plot.left + fraction * plot.width + 12 * metrics.scale,
    top + metrics.rowHeight / 2,
  );
  context.restore();
}

function withAlphaHex(colour: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  return `${colour}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}
