// Moments the run changed course from outside (a live Rollback): a dashed line across the whole chart at
// that time, and its words at the foot of the chart, so the change and the calls after it read together.
import { fractionOf, type TimelineMark, type Viewport } from '../../../trace/index.ts';
import { withAlpha } from './draw-rows.ts';
import { font, type PlotArea, type TimelineLayout } from './timeline-layout.ts';
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
  const plotRight = plot.left + plot.width;
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

    context.font = font(metrics, 'small', '600');
    const padding = 4 * unit;
    const textWidth = context.measureText(mark.label).width;
    const boxHeight = metrics.smallFontSize + 2 * padding;
    // Right of the line when it fits, else left of it: the words never leave the chart.
    const left =
      x + 4 * unit + textWidth + 2 * padding <= plotRight ? x + 4 * unit : Math.max(plot.left, x - 4 * unit - textWidth - 2 * padding);
    const boxTop = height - boxHeight - 4 * unit;
    context.fillStyle = withAlpha(palette.panel, 0.92);
    context.fillRect(left, boxTop, textWidth + 2 * padding, boxHeight);
    context.strokeStyle = palette.text;
    context.strokeRect(left + 0.5, boxTop + 0.5, textWidth + 2 * padding - 1, boxHeight - 1);
    context.fillStyle = palette.text;
    context.textBaseline = 'middle';
    context.fillText(mark.label, left + padding, boxTop + boxHeight / 2);
  }
  context.restore();
}
