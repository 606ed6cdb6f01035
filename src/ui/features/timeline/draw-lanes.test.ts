import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTimeline, fitViewport, fractionOf, syntheticRun, zoomViewport, type Viewport } from '../../../trace/index.ts';
import { drawLanes } from './draw-header.ts';
import { recordingCanvas } from './recording-canvas.test-support.ts';
import { laneBars, type LaneBars } from './lane-bars.ts';
import { headerHeight, laneHeight, layout, plotArea, shownLaneCount } from './timeline-layout.ts';
import { fallbackPalette } from './timeline-palette.ts';

const model = buildTimeline(syntheticRun({ calls: 3_000, concurrency: 8, seed: 11 }));
const lanes = laneBars(model);
// Narrow, so zoomed out several bars share each pixel column.
const width = 300;
const plot = plotArea(width);
const shownLanes = shownLaneCount(model.lanes.count, 8);

type Rect = [fill: string, left: number, top: number, width: number, height: number];

/** What the lanes paint, bar by bar: every bar looked at in turn, as drawLanes did before it skipped ahead. */
function referenceRects(viewport: Viewport, selectedKey: string | null): Rect[] {
  const top = layout.axisHeight + layout.lanesPadding;
  const height = laneHeight(shownLanes);
  const gap = height >= 4 ? 1 : 0;
  const rects: Rect[] = [];
  lanes.forEach((bars: LaneBars, lane) => {
    const y = top + lane * height;
    let lastRight = -Infinity;
    for (const [index, call] of bars.calls.entries()) {
      const start = call.startedAt!;
      const end = call.endedAt ?? model.end;
      if (end < viewport.start) continue;
      if (start > viewport.end) break;
      expect([bars.starts[index], bars.ends[index]]).toEqual([start, end]);
      const left = Math.max(plot.left, plot.left + fractionOf(viewport, start) * plot.width);
      const right = Math.min(plot.left + plot.width, plot.left + fractionOf(viewport, end) * plot.width);
      if (right <= lastRight && call.key !== selectedKey) continue;
      const drawnWidth = Math.max(1, right - left - (right - left > 3 ? 1 : 0));
      rects.push([call.key === selectedKey ? fallbackPalette.accent : fallbackPalette.lane, left, y, drawnWidth, height - gap]);
      lastRight = Math.max(lastRight, left + drawnWidth);
    }
  });
  return rects;
}

function drawnRects(viewport: Viewport, selectedKey: string | null): Rect[] {
  const rects: Rect[] = [];
  const context = recordingCanvas({
    fillRect: (state, left: number, top: number, rectWidth: number, rectHeight: number) => {
      // The lanes' own bars, not the background and rule drawn across the whole width.
      if (left >= plot.left && top < headerHeight(shownLanes) - 1 && rectWidth < width)
        rects.push([state.fillStyle, left, top, rectWidth, rectHeight]);
    },
  });
  drawLanes({
    context,
    width,
    height: 400,
    plot,
    model,
    viewport,
    palette: fallbackPalette,
    lanes,
    shownLanes,
    concurrencyLimit: 8,
    selectedKey,
    metrics: layout,
  });
  return rects;
}

describe('drawLanes', () => {
  // Zoomed out, the lanes skip (by binary search) the bars that end inside what is painted already; the
  // picture must be the one painted by looking at every bar, at any zoom, with or without a selection.
  it('paints the same bars as looking at every bar in turn, at any zoom and selection (issue 30)', () => {
    const whole = fitViewport(model.start, model.end);
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.nat({ max: model.calls.length - 1 })),
        (zoom, anchor, selected) => {
          const viewport = zoomViewport(whole, zoom, anchor, whole);
          const selectedKey = selected === null ? null : (model.calls[selected]?.key ?? null);
          expect(drawnRects(viewport, selectedKey)).toEqual(referenceRects(viewport, selectedKey));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('paints a selected call zoomed out, where it shares its pixel with hundreds of others', () => {
    const whole = fitViewport(model.start, model.end);
    const selectedKey = model.calls[1_500]!.key;
    const rects = drawnRects(whole, selectedKey);
    expect(rects.filter(([fill]) => fill === fallbackPalette.accent)).toHaveLength(1);
    expect(rects).toEqual(referenceRects(whole, selectedKey));
  });
});
