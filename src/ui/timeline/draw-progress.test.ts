import { describe, expect, it } from 'vitest';
import { buildTimeline, fitViewport } from '../../trace/index.ts';
import { progressTool, recordBatch } from '../../trace/test-runs.ts';
import { drawTimeline } from './draw-timeline.ts';
import { laneBars } from './timeline-hits.ts';
import { fallbackPalette } from './timeline-palette.ts';

/** Records the 2 px wide rectangles painted in the background colour: the progress notches. */
function notchRecorder() {
  const notches: number[] = [];
  let fillStyle = '';
  const context = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'fillRect')
          return (x: number, _y: number, width: number) =>
            void (fillStyle === fallbackPalette.background && width === 2 && notches.push(x));
        // Gutter labels are fitted by width: about 7 px a character is enough here.
        if (property === 'measureText') return (text: string) => ({ width: text.length * 7 });
        return () => {};
      },
      set(_target, property, value) {
        if (property === 'fillStyle') fillStyle = String(value);
        return true;
      },
    },
  ) as unknown as CanvasRenderingContext2D;
  return { context, notches };
}

async function drawnNotches(steps: number, stepMs: number, width: number) {
  const { events } = await recordBatch(() => [progressTool('report', steps, stepMs)], [{ id: 'a', name: 'report', arguments: {} }]);
  const model = buildTimeline(events);
  const { context, notches } = notchRecorder();
  drawTimeline({
    context,
    width,
    height: 200,
    model,
    lanes: laneBars(model),
    viewport: fitViewport(model.start, model.end),
    palette: fallbackPalette,
    scrollTop: 0,
    selectedKey: null,
    hoveredKey: null,
    brush: null,
    now: undefined,
    concurrencyLimit: null,
  });
  return notches;
}

describe('progress ticks', () => {
  it('are drawn on the bar at each report, left to right', async () => {
    const notches = await drawnNotches(4, 100, 900);
    const ticks = notches;
    expect(ticks).toHaveLength(4);
    expect([...ticks].sort((left, right) => left - right)).toEqual(ticks);
  });

  it('merge when reports are closer than the eye can tell apart', async () => {
    const notches = await drawnNotches(200, 1, 400);
    expect(notches.length).toBeGreaterThan(10);
    expect(notches.length).toBeLessThan(100);
  });
});
