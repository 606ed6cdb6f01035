// The chart's fixed header: the time axis with its ticks and the concurrency lanes, drawn over the rows
// so they stay in place while the rows scroll.
import { fractionOf, timeAt, timeTicks, type TimelineModel, type Viewport } from '../../../trace/index.ts';
import { firstBarEndingAfter, selectedBarIndex, type LaneBars } from './lane-bars.ts';
import { font, headerHeight, laneHeight, type PlotArea, type TimelineLayout } from './timeline-layout.ts';
import type { TimelinePalette } from './timeline-palette.ts';

export interface HeaderInput {
  context: CanvasRenderingContext2D;
  width: number;
  height: number;
  plot: PlotArea;
  model: TimelineModel;
  viewport: Viewport;
  palette: TimelinePalette;
  lanes: readonly LaneBars[];
  shownLanes: number;
  concurrencyLimit: number | null;
  selectedKey: string | null;
  metrics: TimelineLayout;
}

/** Grid lines under everything, then the axis band and its labels. */
export function drawAxis({ context, width, height, plot, model, viewport, palette, metrics }: HeaderInput): void {
  const { axisHeight, scale } = metrics;
  const ticks = timeTicks(viewport, model.start, Math.max(2, Math.floor(plot.width / (90 * scale))));
  context.fillStyle = palette.panel;
  context.fillRect(0, 0, width, axisHeight);
  context.font = font(metrics, 'small');
  context.textBaseline = 'middle';
  for (const tick of ticks) {
    const x = Math.round(plot.left + tick.fraction * plot.width) + 0.5;
    context.fillStyle = palette.grid;
    context.fillRect(x - 0.5, axisHeight, 1, height - axisHeight);
    context.fillStyle = palette.textMuted;
    context.fillRect(x - 0.5, axisHeight - 5 * scale, 1, 5 * scale);
    context.fillText(tick.label, x + 3 * scale, axisHeight / 2);
  }
  context.fillStyle = palette.grid;
  context.fillRect(0, axisHeight - 1, width, 1);
}

export function drawLanes({
  context,
  width,
  plot,
  viewport,
  palette,
  lanes,
  shownLanes,
  concurrencyLimit,
  model,
  selectedKey,
  metrics,
}: HeaderInput): void {
  if (shownLanes === 0) return;
  const { axisHeight, lanesPadding, scale } = metrics;
  const top = axisHeight + lanesPadding;
  const height = laneHeight(shownLanes, metrics);
  const bottom = headerHeight(shownLanes, metrics);
  context.fillStyle = palette.background;
  context.fillRect(0, axisHeight, width, bottom - axisHeight);
  context.fillStyle = palette.textMuted;
  context.font = font(metrics, 'small');
  context.textBaseline = 'middle';
  const limit = concurrencyLimit === null ? 'no limit' : `limit ${concurrencyLimit}`;
  context.fillText(`Slots · peak ${model.lanes.count} · ${limit}`, 8 * scale, (axisHeight + bottom) / 2, metrics.gutterWidth - 12 * scale);
  const gap = height >= 4 ? scale : 0;
  // A thousandth of a pixel of time, against rounding: a skip-ahead lands this much early, and the exact
  // test below decides each bar. (Half a pixel landed a few bars early, each paying another search.)
  const skipMargin = (0.001 / plot.width) * (viewport.end - viewport.start);
  let fill = '';
  lanes.forEach((bars, lane) => {
    const y = top + lane * height;
    const selected = selectedKey === null ? -1 : selectedBarIndex(bars, selectedKey);
    const { starts, ends } = bars;
    let lastRight = -Infinity;
    for (let index = firstBarEndingAfter(bars, viewport.start); index < starts.length; index++) {
      const start = starts[index] as number;
      if (start > viewport.end) break;
      const left = Math.max(plot.left, plot.left + fractionOf(viewport, start) * plot.width);
      const right = Math.min(plot.left + plot.width, plot.left + fractionOf(viewport, ends[index] as number) * plot.width);
      // Zoomed out, thousands of calls share a pixel: a bar that ends inside what is painted already adds
      // nothing, so jump (binary search) to the first bar that may end past it, or to the selected one.
      if (right <= lastRight && index !== selected) {
        let next = firstBarEndingAfter(bars, timeAt(viewport, (lastRight - plot.left) / plot.width) - skipMargin);
        if (selected > index && selected < next) next = selected;
        if (next > index + 1) index = next - 1;
        continue;
      }
      const color = index === selected ? palette.accent : palette.lane;
      // Assigning fillStyle parses the colour each time; most bars share one.
      if (color !== fill) context.fillStyle = fill = color;
      const drawnWidth = Math.max(1, right - left - (right - left > 3 ? 1 : 0));
      context.fillRect(left, y, drawnWidth, height - gap);
      lastRight = Math.max(lastRight, left + drawnWidth);
    }
  });
  if (concurrencyLimit !== null && concurrencyLimit <= shownLanes) {
    const y = Math.round(top + concurrencyLimit * height) + 0.5;
    context.strokeStyle = palette.deadline;
    context.lineWidth = scale;
    context.setLineDash([4 * scale, 3 * scale]);
    context.beginPath();
    context.moveTo(plot.left, y);
    context.lineTo(plot.left + plot.width, y);
    context.stroke();
    context.setLineDash([]);
    context.lineWidth = 1;
  }
  context.fillStyle = palette.grid;
  context.fillRect(0, bottom - 1, width, 1);
}
