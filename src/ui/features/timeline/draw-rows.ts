// The rows: the model calls, iteration headers and one bar per tool call, phase by phase. Only the rows
// in view are drawn, and only the parts of bars inside the viewport, so cost follows the screen, not the run.
import {
  fractionOf,
  injectedFaults,
  visibleSpan,
  type ArgumentLabels,
  type CallRow,
  type ModelRow,
  type TimelineRow,
  type Viewport,
} from '../../../trace/index.ts';
import { drawGhost } from './draw-call-notes.ts';
import { drawWait } from './draw-waits.ts';
import { barBox as rowBarBox, endMarkTime, phaseHeight, shownDeadlines, type Box } from './row-geometry.ts';
import { font, rowTop, type PlotArea, type TimelineLayout } from './timeline-layout.ts';
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
  metrics: TimelineLayout;
  /** Call key -> its key argument, drawn after the tool name (`slow_report · Nordics`). */
  labels: ArgumentLabels;
}

export function drawRows(input: RowsInput): void {
  const { context, rows, first, last, scrollTop, header, width, palette, selectedKey, hoveredKey, metrics } = input;
  context.font = font(metrics, 'row');
  context.textBaseline = 'middle';
  for (let index = first; index < last; index++) {
    const row = rows[index] as TimelineRow;
    const top = rowTop(index, scrollTop, header, metrics);
    const middle = top + metrics.rowHeight / 2;
    if (row.key === selectedKey || row.key === hoveredKey) {
      context.fillStyle = withAlpha(palette.accent, row.key === selectedKey ? 0.18 : 0.08);
      context.fillRect(0, top, width, metrics.rowHeight);
    }
    if (row.kind === 'iteration') {
      context.fillStyle = palette.panel;
      const span = visibleSpan(input.viewport, row.start, row.end);
      if (span)
        context.fillRect(
          input.plot.left + span.left * input.plot.width,
          top + 2 * metrics.scale,
          (span.right - span.left) * input.plot.width,
          metrics.rowHeight - 4 * metrics.scale,
        );
      label(input, [[`Iteration ${row.iteration}`, palette.textMuted]], middle, font(metrics, 'small', 'bold'));
    } else if (row.kind === 'model') {
      label(input, [['Model', palette.text]], middle, font(metrics, 'row', 'bold'));
      drawModelCalls(input, row, top);
    } else {
      const argument = input.labels.get(row.key);
      // The version that served the call right after the name: during a canary, v1 and v2 rows read apart.
      const version = row.result?.version ?? row.version;
      const parts: [string, string][] = [[row.name, palette.text]];
      if (version) parts.push([` ${version}`, palette.accent]);
      if (argument) parts.push([` · ${argument}`, palette.textMuted]);
      label(input, parts, middle, font(metrics, 'row', '', 'ui-monospace, monospace'));
      drawCall(input, row, top);
    }
  }
}

/**
 * Text in the gutter, in parts of different colours. What does not fit gives way from the front: the parts
 * after the first (a version, the key argument) tell rows of one tool apart, so the tool's name is shortened
 * first ("inventory… · P-1001"), and an argument too long for the rest keeps its end ("…sku-1001"), never
 * leaving ten rows that read the same.
 */
function label({ context, metrics }: RowsInput, parts: [text: string, colour: string][], middle: number, style: string): void {
  const room = metrics.gutterWidth - 14 * metrics.scale;
  context.save();
  context.font = style;
  const widths = parts.map(([text]) => context.measureText(text).width);
  const total = widths.reduce((sum, width) => sum + width, 0);
  const [first, ...rest] = parts;
  let shown: [string, string][] = parts;
  if (total > room && first) {
    const restWidth = total - (widths[0] ?? 0);
    if (rest.length === 0) shown = [[fit(context, first[0], room), first[1]]];
    else if (restWidth <= room * 0.7) shown = [[fit(context, first[0], room - restWidth), first[1]], ...rest];
    else {
      const nameRoom = room * 0.3;
      const name = fit(context, first[0], nameRoom);
      const nameWidth = context.measureText(name).width;
      const before = rest.slice(0, -1);
      const beforeWidth = before.reduce((sum, [text]) => sum + context.measureText(text).width, 0);
      const last = rest[rest.length - 1] as [string, string];
      shown = [[name, first[1]], ...before, [fitEnd(context, last[0], room - nameWidth - beforeWidth), last[1]]];
    }
  }
  let x = 8 * metrics.scale;
  for (const [text, colour] of shown) {
    if (text === '') continue;
    context.fillStyle = colour;
    context.fillText(text, x, middle);
    x += context.measureText(text).width;
  }
  context.restore();
}

/** `text`, or as much of it as fits in `width` followed by an ellipsis. */
function fit(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (width <= 0) return '';
  if (context.measureText(text).width <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (context.measureText(`${text.slice(0, middle)}…`).width <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : `${text.slice(0, low)}…`;
}

/** `text`, or an ellipsis and as much of its end as fits in `width` (" · …sku-1001"): the end tells items apart. */
function fitEnd(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (width <= 0) return '';
  if (context.measureText(text).width <= width) return text;
  const lead = text.startsWith(' · ') ? ' · ' : '';
  const body = text.slice(lead.length);
  let low = 0;
  let high = body.length;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (context.measureText(`${lead}…${body.slice(body.length - middle)}`).width <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : `${lead}…${body.slice(body.length - low)}`;
}

function barBox(input: RowsInput, start: number, end: number, top: number, height: number): Box | null {
  return rowBarBox(input, start, end, top, height);
}

function drawModelCalls(input: RowsInput, row: ModelRow, top: number): void {
  for (const record of row.calls) {
    const box = barBox(input, record.start, record.end ?? record.start, top, input.metrics.barHeight);
    if (!box) continue;
    input.context.fillStyle = record.error ? input.palette.error : input.palette.model;
    input.context.fillRect(...box);
  }
}

function drawCall(input: RowsInput, call: CallRow, top: number): void {
  const { context, palette, metrics } = input;
  for (const segment of call.segments) {
    const box = barBox(input, segment.start, segment.end, top, phaseHeight(metrics, segment.kind));
    if (!box) continue;
    if (segment.kind === 'ghost') {
      // Its words are placed with every other label (label-placement.ts) and drawn after the rows.
      drawGhost(input, segment, box);
      continue;
    }
    if (segment.kind === 'waiting' || segment.kind === 'connecting' || segment.kind === 'sampling') {
      drawWait(input, segment, box);
      continue;
    }
    context.fillStyle =
      segment.kind === 'attempt' ? statusColour(palette, segment.open ? 'running' : segment.outcome) : palette[segment.kind];
    context.fillRect(...box);
  }
  // Calls that ended without a finished attempt last (unknown tool, bad arguments, cancelled in the
  // queue or while waiting to retry) get a diamond in their outcome's colour where they ended.
  const ended = endMarkTime(call);
  if (ended !== undefined) diamond(input, ended, top + metrics.rowHeight / 2, statusColour(palette, call.status));
  drawProgressTicks(input, call, top);
  for (const x of shownDeadlines(input, call)) {
    const unit = metrics.scale;
    context.fillStyle = palette.deadline;
    context.fillRect(x - unit, top + 1, 2 * unit, metrics.rowHeight - 2);
    context.beginPath();
    context.moveTo(x - 4 * unit, top + 1);
    context.lineTo(x + 4 * unit, top + 1);
    context.lineTo(x, top + 1 + 4 * unit);
    context.fill();
  }
  for (const mark of injectedFaults(call.logs)) bolt(input, mark.time, top);
}

/** A lightning bolt above the bar where a fault was injected: drawn, so it reads the same in every font. */
function bolt(input: RowsInput, time: number, top: number): void {
  const fraction = fractionOf(input.viewport, time);
  if (fraction < -0.01 || fraction > 1.01) return;
  const x = input.plot.left + fraction * input.plot.width;
  const { context, metrics } = input;
  const unit = metrics.scale;
  context.fillStyle = input.palette.injected;
  context.beginPath();
  context.moveTo(x + unit, top);
  context.lineTo(x - 4 * unit, top + 8 * unit);
  context.lineTo(x - 0.5 * unit, top + 8 * unit);
  context.lineTo(x - 2 * unit, top + metrics.rowHeight - 2);
  context.lineTo(x + 4 * unit, top + 6 * unit);
  context.lineTo(x + 0.5 * unit, top + 6 * unit);
  context.closePath();
  context.fill();
}

/**
 * A notch across the bar at each progress report (an MCP server's notifications/progress), in the
 * background colour so it reads on any phase; the last report's message is in the tooltip.
 */
function drawProgressTicks(input: RowsInput, call: CallRow, top: number): void {
  const { context, palette, metrics } = input;
  const unit = metrics.scale;
  let lastX = Number.NEGATIVE_INFINITY;
  context.fillStyle = palette.background;
  for (const entry of call.progress) {
    const fraction = fractionOf(input.viewport, entry.time);
    if (fraction < 0 || fraction > 1) continue;
    const x = Math.round(input.plot.left + fraction * input.plot.width);
    // Reports closer than 3 px would merge into a block: one notch stands for them.
    if (x - lastX < 3 * unit) continue;
    lastX = x;
    context.fillRect(x - unit, top + (metrics.rowHeight - metrics.barHeight) / 2 - unit, 2 * unit, metrics.barHeight + 2 * unit);
  }
}

function diamond(input: RowsInput, time: number, middle: number, colour: string): void {
  const fraction = fractionOf(input.viewport, time);
  if (fraction < -0.01 || fraction > 1.01) return;
  const x = input.plot.left + fraction * input.plot.width;
  const context = input.context;
  const size = 5 * input.metrics.scale;
  context.fillStyle = colour;
  context.beginPath();
  context.moveTo(x, middle - size);
  context.lineTo(x + size, middle);
  context.lineTo(x, middle + size);
  context.lineTo(x - size, middle);
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
