// The rows: the model calls, iteration headers and one bar per tool call, phase by phase. Only the rows
// in view are drawn, and only the parts of bars inside the viewport, so cost follows the screen, not the run.
import { fractionOf, visibleSpan, type CallRow, type ModelRow, type TimelineRow, type Viewport } from '../../trace/index.ts';
import { drawGhost, drawLimitNote } from './draw-call-notes.ts';
import { layout, rowTop, type PlotArea } from './timeline-layout.ts';
import { statusColour, type TimelinePalette } from './timeline-palette.ts';

export interface RowsInput {
  context: CanvasRenderingContext2D;
  width: number;
  plot: PlotArea;
  viewport: Viewport;
  palette: TimelinePalette;
  rows: readonly TimelineRow[];
  first: number;
  last: number;
  scrollTop: number;
  header: number;
  selectedKey: string | null;
  hoveredKey: string | null;
}

export function drawRows(input: RowsInput): void {
  const { context, rows, first, last, scrollTop, header, width, palette, selectedKey, hoveredKey } = input;
  context.font = '12px system-ui, sans-serif';
  context.textBaseline = 'middle';
  for (let index = first; index < last; index++) {
    const row = rows[index] as TimelineRow;
    const top = rowTop(index, scrollTop, header);
    const middle = top + layout.rowHeight / 2;
    if (row.key === selectedKey || row.key === hoveredKey) {
      context.fillStyle = withAlpha(palette.accent, row.key === selectedKey ? 0.18 : 0.08);
      context.fillRect(0, top, width, layout.rowHeight);
    }
    if (row.kind === 'iteration') {
      context.fillStyle = palette.panel;
      const span = visibleSpan(input.viewport, row.start, row.end);
      if (span)
        context.fillRect(
          input.plot.left + span.left * input.plot.width,
          top + 2,
          (span.right - span.left) * input.plot.width,
          layout.rowHeight - 4,
        );
      label(context, `Iteration ${row.iteration}`, middle, palette.textMuted, 'bold 11px system-ui, sans-serif');
    } else if (row.kind === 'model') {
      label(context, 'Model', middle, palette.text, 'bold 12px system-ui, sans-serif');
      drawModelCalls(input, row, top);
    } else {
      label(context, row.name, middle, palette.text, '12px ui-monospace, monospace');
      drawCall(input, row, top);
    }
  }
}

function label(context: CanvasRenderingContext2D, text: string, middle: number, colour: string, font: string): void {
  context.save();
  context.beginPath();
  context.rect(0, middle - layout.rowHeight / 2, layout.gutterWidth - 6, layout.rowHeight);
  context.clip();
  context.font = font;
  context.fillStyle = colour;
  context.fillText(text, 8, middle);
  context.restore();
}

function barBox(input: RowsInput, start: number, end: number, top: number, height: number): [number, number, number, number] | null {
  const span = visibleSpan(input.viewport, start, end);
  if (!span) return null;
  const left = input.plot.left + span.left * input.plot.width;
  // A phase shorter than a pixel still shows: a 1 ms retry in a one-minute run must not vanish.
  return [left, top + (layout.rowHeight - height) / 2, Math.max(1, (span.right - span.left) * input.plot.width), height];
}

function drawModelCalls(input: RowsInput, row: ModelRow, top: number): void {
  for (const record of row.calls) {
    const box = barBox(input, record.start, record.end ?? record.start, top, layout.barHeight);
    if (!box) continue;
    input.context.fillStyle = record.error ? input.palette.error : input.palette.model;
    input.context.fillRect(...box);
  }
}

function drawCall(input: RowsInput, call: CallRow, top: number): void {
  const { context, palette } = input;
  for (const segment of call.segments) {
    const full = segment.kind === 'attempt' || segment.kind === 'ghost';
    const box = barBox(input, segment.start, segment.end, top, full ? layout.barHeight : layout.thinBarHeight);
    if (!box) continue;
    if (segment.kind === 'ghost') {
      drawGhost(input, call, segment, box);
      continue;
    }
    context.fillStyle =
      segment.kind === 'attempt' ? statusColour(palette, segment.open ? 'running' : segment.outcome) : palette[segment.kind];
    context.fillRect(...box);
  }
  // Calls that ended without a finished attempt last (unknown tool, bad arguments, cancelled in the
  // queue or while waiting to retry) get a diamond in their outcome's colour where they ended.
  const last = call.segments.findLast((segment) => segment.kind !== 'ghost');
  if (call.endedAt !== undefined && last?.kind !== 'attempt')
    diamond(input, call.endedAt, top + layout.rowHeight / 2, statusColour(palette, call.status));
  for (const attempt of call.attempts) {
    if (attempt.end !== undefined && attempt.outcome !== 'timeout') continue;
    const fraction = fractionOf(input.viewport, attempt.deadline);
    if (fraction < 0 || fraction > 1) continue;
    const x = Math.round(input.plot.left + fraction * input.plot.width);
    context.fillStyle = palette.deadline;
    context.fillRect(x - 1, top + 1, 2, layout.rowHeight - 2);
    context.beginPath();
    context.moveTo(x - 4, top + 1);
    context.lineTo(x + 4, top + 1);
    context.lineTo(x, top + 5);
    context.fill();
  }
  drawLimitNote(input, call, top);
}

function diamond(input: RowsInput, time: number, middle: number, colour: string): void {
  const fraction = fractionOf(input.viewport, time);
  if (fraction < -0.01 || fraction > 1.01) return;
  const x = input.plot.left + fraction * input.plot.width;
  const context = input.context;
  context.fillStyle = colour;
  context.beginPath();
  context.moveTo(x, middle - 5);
  context.lineTo(x + 5, middle);
  context.lineTo(x, middle + 5);
  context.lineTo(x - 5, middle);
  context.fill();
}

/** `colour` at `alpha`, for hex colours (the palette's) or anything canvas accepts otherwise. */
export function withAlpha(colour: string, alpha: number): string {
  if (/^#[0-9a-f]{6}$/i.test(colour))
    return `${colour}${Math.round(alpha * 255)
      .toString(16)
      .padStart(2, '0')}`;
  return colour;
}
