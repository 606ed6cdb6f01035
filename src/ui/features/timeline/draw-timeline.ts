// One frame of the chart. The labels are placed first (pure geometry, off every bar and mark), then the
// rows are drawn and the placed labels over them, then the fixed header (the rows scroll beneath it),
// then the overlays: marks of live version changes, the selection brush and the "now" line of a live run.
import { fractionOf, type ArgumentLabels, type TimelineModel, type Viewport } from '../../../trace/index.ts';
import { drawMarkLabels, drawRowLabels } from './draw-call-notes.ts';
import { drawAxis, drawLanes } from './draw-header.ts';
import { drawMarks } from './draw-marks.ts';
import { drawRows, withAlpha } from './draw-rows.ts';
import { placeLabels, type LabelPlacement } from './label-placement.ts';
import type { LaneBars } from './lane-bars.ts';
import { font, headerHeight, layout, plotArea, shownLaneCount, visibleRows, type TimelineLayout } from './timeline-layout.ts';
import type { TimelinePalette } from './timeline-palette.ts';

export interface FrameInput {
  context: CanvasRenderingContext2D;
  /** CSS pixels; the context is already scaled by devicePixelRatio. */
  width: number;
  height: number;
  model: TimelineModel;
  lanes: readonly LaneBars[];
  viewport: Viewport;
  palette: TimelinePalette;
  scrollTop: number;
  selectedKey: string | null;
  hoveredKey: string | null;
  brush: { start: number; end: number } | null;
  /** Draws a "now" line while the run is live. */
  now: number | undefined;
  concurrencyLimit: number | null;
  /** Sizes to draw at (presenter mode doubles them); the workbench layout when absent. */
  metrics?: TimelineLayout;
  /** Call key -> key argument, shown after the tool name in the gutter. */
  labels?: ArgumentLabels;
}

const noLabels: ArgumentLabels = new Map<string, string>();

export function drawTimeline(input: FrameInput): { rowsDrawn: number; placement: LabelPlacement } {
  const { context, width, height, model, viewport, palette } = input;
  const metrics = input.metrics ?? layout;
  const plot = plotArea(width, metrics);
  const shownLanes = shownLaneCount(model.lanes.count, input.concurrencyLimit);
  const header = headerHeight(shownLanes, metrics);
  context.clearRect(0, 0, width, height);
  context.fillStyle = palette.background;
  context.fillRect(0, 0, width, height);

  const headerInput = {
    context,
    width,
    height,
    plot,
    model,
    viewport,
    palette,
    lanes: input.lanes,
    shownLanes,
    concurrencyLimit: input.concurrencyLimit,
    selectedKey: input.selectedKey,
    metrics,
  };
  drawAxis(headerInput);
  const { first, last } = visibleRows(input.scrollTop, height, header, model.rows.length, metrics);
  const placement = placeLabels({
    viewport,
    plot,
    metrics,
    rows: model.rows,
    first,
    last,
    scrollTop: input.scrollTop,
    header,
    height,
    marks: model.marks,
    measure: (text, style) => {
      context.font = style === 'mark' ? font(metrics, 'small', '600') : font(metrics, 'small');
      return context.measureText(text).width;
    },
  });
  context.save();
  context.beginPath();
  context.rect(0, header, width, height - header);
  context.clip();
  drawRows({
    context,
    width,
    plot,
    viewport,
    palette,
    rows: model.rows,
    first,
    last,
    scrollTop: input.scrollTop,
    header,
    selectedKey: input.selectedKey,
    hoveredKey: input.hoveredKey,
    metrics,
    labels: input.labels ?? noLabels,
  });
  drawRowLabels({ context, palette, metrics }, placement);
  context.restore();
  drawLanes(headerInput);
  drawMarks({ context, marks: model.marks, plot, viewport, palette, metrics, top: metrics.axisHeight, height });
  drawMarkLabels({ context, palette, metrics }, placement);

  context.fillStyle = palette.grid;
  context.fillRect(metrics.gutterWidth - 1, 0, 1, height);
  if (input.brush) {
    const left = plot.left + Math.max(0, fractionOf(viewport, Math.min(input.brush.start, input.brush.end))) * plot.width;
    const right = plot.left + Math.min(1, fractionOf(viewport, Math.max(input.brush.start, input.brush.end))) * plot.width;
    context.fillStyle = withAlpha(palette.accent, 0.15);
    context.fillRect(left, metrics.axisHeight, Math.max(1, right - left), height - metrics.axisHeight);
  }
  if (input.now !== undefined) {
    const fraction = fractionOf(viewport, input.now);
    if (fraction >= 0 && fraction <= 1) {
      context.fillStyle = palette.accent;
      context.fillRect(Math.round(plot.left + fraction * plot.width) - metrics.scale, 0, 2 * metrics.scale, height);
    }
  }
  if (model.rows.length === 0) {
    context.fillStyle = palette.textMuted;
    context.font = font(metrics, 'row');
    context.fillText('Tool calls appear here as they run.', plot.left + 8 * metrics.scale, header + 16 * metrics.scale);
  }
  return { rowsDrawn: last - first, placement };
}
