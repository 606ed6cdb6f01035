// Pixel layout of the chart: a fixed header (time axis + concurrency lanes) over virtualized rows, with
// a gutter of row labels on the left. Pure functions, so hit testing and drawing share one geometry.
// Every size scales together: presenter mode draws text and bars at twice the size.

export interface TimelineLayout {
  /** Text and bars are drawn at this multiple of the workbench size. */
  scale: number;
  gutterWidth: number;
  axisHeight: number;
  rowHeight: number;
  barHeight: number;
  thinBarHeight: number;
  /** Lanes get at most this much height; with many lanes each one gets thinner. */
  maxLanesHeight: number;
  laneHeight: number;
  lanesPadding: number;
  /** Font size of the row labels, px. */
  rowFontSize: number;
  /** Font size of the axis, lanes and iteration labels, px. */
  smallFontSize: number;
}

export const layout: TimelineLayout = {
  scale: 1,
  gutterWidth: 168,
  axisHeight: 22,
  rowHeight: 20,
  barHeight: 12,
  thinBarHeight: 4,
  maxLanesHeight: 64,
  laneHeight: 6,
  lanesPadding: 4,
  rowFontSize: 12,
  smallFontSize: 11,
};

/**
 * The workbench layout at `scale`. Rows grow a little less than the text (1.8× at 2×), so a fan-out of
 * ten calls with its model row and lanes still fits a 720 px high screen in presenter mode.
 */
export function scaledLayout(scale: number): TimelineLayout {
  if (scale === 1) return layout;
  const size = (value: number) => Math.round(value * scale);
  return {
    scale,
    gutterWidth: size(layout.gutterWidth),
    axisHeight: size(layout.axisHeight),
    rowHeight: Math.round(layout.rowHeight * (1 + (scale - 1) * 0.8)),
    barHeight: size(layout.barHeight),
    thinBarHeight: size(layout.thinBarHeight),
    maxLanesHeight: size(layout.maxLanesHeight),
    laneHeight: size(layout.laneHeight),
    lanesPadding: size(layout.lanesPadding),
    rowFontSize: size(layout.rowFontSize),
    smallFontSize: size(layout.smallFontSize),
  };
}

/** A canvas font at the layout's size: `font(metrics, 'small', 'bold')`. */
export function font(metrics: TimelineLayout, size: 'row' | 'small', style = '', family = 'system-ui, sans-serif'): string {
  return `${style} ${size === 'row' ? metrics.rowFontSize : metrics.smallFontSize}px ${family}`.trim();
}

/** Lanes drawn: the ones used, or up to the limit when it is small enough to show as a ceiling. */
export function shownLaneCount(laneCount: number, concurrencyLimit: number | null): number {
  return concurrencyLimit !== null && concurrencyLimit <= 32 ? Math.max(laneCount, concurrencyLimit) : laneCount;
}

export function laneHeight(shownLanes: number, metrics: TimelineLayout = layout): number {
  if (shownLanes === 0) return 0;
  return Math.max(1, Math.min(metrics.laneHeight, (metrics.maxLanesHeight - 2 * metrics.lanesPadding) / shownLanes));
}

export function lanesBlockHeight(shownLanes: number, metrics: TimelineLayout = layout): number {
  return shownLanes === 0 ? 0 : shownLanes * laneHeight(shownLanes, metrics) + 2 * metrics.lanesPadding;
}

export function headerHeight(shownLanes: number, metrics: TimelineLayout = layout): number {
  return metrics.axisHeight + lanesBlockHeight(shownLanes, metrics);
}

/** Height of the scrollable content: header plus every row, so the scrollbar reflects the whole run. */
export function contentHeight(rowCount: number, shownLanes: number, metrics: TimelineLayout = layout): number {
  return headerHeight(shownLanes, metrics) + rowCount * metrics.rowHeight + 4;
}

/** Rows at least partly visible for a scroll position (first inclusive, last exclusive). */
export function visibleRows(
  scrollTop: number,
  height: number,
  header: number,
  rowCount: number,
  metrics: TimelineLayout = layout,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / metrics.rowHeight));
  const last = Math.min(rowCount, Math.ceil((scrollTop + Math.max(0, height - header)) / metrics.rowHeight));
  return { first, last: Math.max(first, last) };
}

/** Top of row `index` on the canvas (which stays in place while the content scrolls under it). */
export function rowTop(index: number, scrollTop: number, header: number, metrics: TimelineLayout = layout): number {
  return header + index * metrics.rowHeight - scrollTop;
}

/** The row under canvas y, or null over the header or past the last row. */
export function rowAt(y: number, scrollTop: number, header: number, rowCount: number, metrics: TimelineLayout = layout): number | null {
  if (y < header) return null;
  const index = Math.floor((y - header + scrollTop) / metrics.rowHeight);
  return index >= 0 && index < rowCount ? index : null;
}

/** The lane under canvas y inside the lanes block, or null. */
export function laneAt(y: number, shownLanes: number, metrics: TimelineLayout = layout): number | null {
  const top = metrics.axisHeight + metrics.lanesPadding;
  const height = laneHeight(shownLanes, metrics);
  if (height === 0 || y < top) return null;
  const lane = Math.floor((y - top) / height);
  return lane < shownLanes ? lane : null;
}

export interface PlotArea {
  left: number;
  width: number;
}

export function plotArea(canvasWidth: number, metrics: TimelineLayout = layout): PlotArea {
  return { left: metrics.gutterWidth, width: Math.max(1, canvasWidth - metrics.gutterWidth) };
}
