// The marks a call's bar carries besides its phases, and the chart's words: the ghost of work that
// outlived its deadline (a hatched outline, a ✕ where it was killed), and the labels placed by
// label-placement.ts ("killed 2 s after the deadline", "limit 3.0 s", a Rollback's words), painted where
// they were placed, so no label covers a bar.
import type { TimelineSegment } from '../../../trace/index.ts';
import type { LabelPlacement } from './label-placement.ts';
import type { Box } from './row-geometry.ts';
import { font, type TimelineLayout } from './timeline-layout.ts';
import type { TimelinePalette } from './timeline-palette.ts';

interface NotesInput {
  context: CanvasRenderingContext2D;
  palette: TimelinePalette;
  metrics: TimelineLayout;
}

/** A ghost: hatched outline, a ✕ where it was killed. Its words are a placed label. */
export function drawGhost(input: NotesInput, segment: TimelineSegment, box: Box): void {
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
  if (segment.ghostEnd === 'killed') killMark(context, box[0] + box[2], box[1] + box[3] / 2, palette.error, unit);
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

/** The placed labels of the rows: ghost words in the text colour, time limits muted. */
export function drawRowLabels(input: NotesInput, placement: LabelPlacement): void {
  const { context, palette, metrics } = input;
  context.save();
  context.font = font(metrics, 'small');
  context.textBaseline = 'middle';
  for (const label of placement.labels) {
    if (label.kind === 'mark') continue;
    context.fillStyle = label.kind === 'ghost' ? palette.text : palette.textMuted;
    context.fillText(label.text, label.x, label.middle);
  }
  context.restore();
}

/** A Rollback's words, on a backing with a border, where they were placed. */
export function drawMarkLabels(input: NotesInput, placement: LabelPlacement): void {
  const { context, palette, metrics } = input;
  context.save();
  context.font = font(metrics, 'small', '600');
  context.textBaseline = 'middle';
  for (const label of placement.labels) {
    if (label.kind !== 'mark') continue;
    const [left, top, width, height] = label.box;
    context.fillStyle = withAlphaHex(palette.panel, 0.92);
    context.fillRect(left, top, width, height);
    context.strokeStyle = palette.text;
    context.strokeRect(left + 0.5, top + 0.5, width - 1, height - 1);
    context.fillStyle = palette.text;
    context.fillText(label.text, label.x, label.middle);
  }
  context.restore();
}

function withAlphaHex(colour: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  return `${colour}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}
