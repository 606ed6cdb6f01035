// What an attempt waited on, drawn over its bar: the wait on the person as stripes across the full bar
// (the call is held open, its deadline stands still), the wait for a connection as a thin striped bar
// (like a queue, but for the browser's connections), and a model answering for the tool (a server's
// sampling request) as a model call nested inside the bar, in the Model row's colour.
import type { TimelineSegment } from '../../../trace/index.ts';
import type { Box } from './row-geometry.ts';
import type { TimelineLayout } from './timeline-layout.ts';
import type { TimelinePalette } from './timeline-palette.ts';

interface WaitInput {
  context: CanvasRenderingContext2D;
  palette: TimelinePalette;
  metrics: TimelineLayout;
}

export function drawWait(input: WaitInput, segment: TimelineSegment, box: Box): void {
  const { context, palette, metrics } = input;
  if (segment.kind === 'sampling') {
    context.fillStyle = palette.model;
    context.fillRect(...box);
    return;
  }
  const colour = segment.kind === 'waiting' ? palette.waiting : palette.connecting;
  // An opaque ground first, so the attempt's colour below does not read through the stripes.
  context.fillStyle = palette.background;
  context.fillRect(...box);
  stripes(context, box, colour, metrics.scale);
  context.strokeStyle = colour;
  context.lineWidth = metrics.scale;
  context.strokeRect(box[0] + 0.5, box[1] + 0.5, Math.max(0, box[2] - 1), Math.max(0, box[3] - 1));
  context.lineWidth = 1;
}

/** Diagonal stripes across the box, 6 units apart. */
function stripes(context: CanvasRenderingContext2D, box: Box, colour: string, unit: number): void {
  const [left, top, width, height] = box;
  const step = 6 * unit;
  context.save();
  context.beginPath();
  context.rect(left, top, width, height);
  context.clip();
  context.strokeStyle = colour;
  context.lineWidth = 2 * unit;
  context.beginPath();
  for (let x = left - height; x < left + width; x += step) {
    context.moveTo(x, top + height);
    context.lineTo(x + height, top);
  }
  context.stroke();
  context.restore();
}
