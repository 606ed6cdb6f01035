// Moments the run changed course from outside (a live Rollback): a dashed line across the whole chart at
// that time. Its words are a placed label (label-placement.ts: at the foot of the chart, off every bar),
// drawn by drawMarkLabels, so the change and the calls after it read together.
import { fractionOf, type TimelineMark, type Viewport } from '../../../trace/index.ts';
import type { PlotArea, TimelineLayout } from './timeline-layout.ts';
import type { TimelinePalette } from './timeline-palette.ts';

interface MarksInput {
  context: CanvasRenderingContext2D;
  marks: readonly TimelineMark[];
  plot: PlotArea;
  viewport: Viewport;
  palette: TimelinePalette;
  metrics: TimelineLayout;
  /** Where the header ends: the line runs from there to the bottom. */
  top: number;
  height: number;
}

export function drawMarks({ context, marks, plot, viewport, palette, metrics, top, height }: MarksInput): void {
  const unit = metrics.scale;
  context.save();
  for (const mark of marks) {
    const fraction = fractionOf(viewport, mark.time);
    if (fraction < 0 || fraction > 1) continue;
    const x = Math.round(plot.left + fraction * plot.width) + 0.5;
    context.strokeStyle = palette.text;
    context.lineWidth = unit;
    context.setLineDash([4 * unit, 3 * unit]);
    context.beginPath();
    context.moveTo(x, top);
    context.lineTo(x, height);
    context.stroke();
    context.setLineDash([]);
  }
  context.restore();
}
