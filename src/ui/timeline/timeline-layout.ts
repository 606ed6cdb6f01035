// Pixel layout of the chart: a fixed header (time axis + concurrency lanes) over virtualized rows, with
// a gutter of row labels on the left. Pure functions, so hit testing and drawing share one geometry.

export const layout = {
  gutterWidth: 168,
  axisHeight: 22,
  rowHeight: 20,
  barHeight: 12,
  thinBarHeight: 4,
  /** Lanes get at most this much height; with many lanes each one gets thinner. */
  maxLanesHeight: 64,
  laneHeight: 6,
  lanesPadding: 4,
} as const;

/** Lanes drawn: the ones used, or up to the limit when it is small enough to show as a ceiling. */
export function shownLaneCount(laneCount: number, concurrencyLimit: number | null): number {
  return concurrencyLimit !== null && concurrencyLimit <= 32 ? Math.max(laneCount, concurrencyLimit) : laneCount;
}

export function laneHeight(shownLanes: number): number {
  if (shownLanes === 0) return 0;
  return Math.max(1, Math.min(layout.laneHeight, (layout.maxLanesHeight - 2 * layout.lanesPadding) / shownLanes));
}

export function lanesBlockHeight(shownLanes: number): number {
  return shownLanes === 0 ? 0 : shownLanes * laneHeight(shownLanes) + 2 * layout.lanesPadding;
}

export function headerHeight(shownLanes: number): number {
  return layout.axisHeight + lanesBlockHeight(shownLanes);
}

/** Height of the scrollable content: header plus every row, so the scrollbar reflects the whole run. */
export function contentHeight(rowCount: number, shownLanes: number): number {
  return headerHeight(shownLanes) + rowCount * layout.rowHeight + 4;
}

/** Rows at least partly visible for a scroll position (first inclusive, last exclusive). */
export function visibleRows(scrollTop: number, height: number, header: number, rowCount: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / layout.rowHeight));
  const last = Math.min(rowCount, Math.ceil((scrollTop + Math.max(0, height - header)) / layout.rowHeight));
  return { first, last: Math.max(first, last) };
}

/** Top of row `index` on the canvas (which stays in place while the content scrolls under it). */
export function rowTop(index: number, scrollTop: number, header: number): number {
  return header + index * layout.rowHeight - scrollTop;
}

/** The row under canvas y, or null over the header or past the last row. */
export function rowAt(y: number, scrollTop: number, header: number, rowCount: number): number | null {
  if (y < header) return null;
  const index = Math.floor((y - header + scrollTop) / layout.rowHeight);
  return index >= 0 && index < rowCount ? index : null;
}

/** The lane under canvas y inside the lanes block, or null. */
export function laneAt(y: number, shownLanes: number): number | null {
  const top = layout.axisHeight + layout.lanesPadding;
  const height = laneHeight(shownLanes);
  if (height === 0 || y < top) return null;
  const lane = Math.floor((y - top) / height);
  return lane < shownLanes ? lane : null;
}

export interface PlotArea {
  left: number;
  width: number;
}

export function plotArea(canvasWidth: number): PlotArea {
  return { left: layout.gutterWidth, width: Math.max(1, canvasWidth - layout.gutterWidth) };
}
