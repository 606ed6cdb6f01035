import { describe, expect, it } from 'vitest';
import { buildTimeline, fitViewport, syntheticRun, zoomViewport } from '../../../trace/index.ts';
import { drawTimeline } from './draw-timeline.ts';
import { laneBars } from './lane-bars.ts';
import { scaledLayout } from './timeline-layout.ts';
import { fallbackPalette } from './timeline-palette.ts';

/** Records what would be painted; enough of CanvasRenderingContext2D for the drawing layer. */
function recordingContext() {
  const calls = { fillRect: 0, fillText: [] as string[], strokeRect: 0, fonts: new Set<string>() };
  let font = '';
  const context = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'fillRect') return () => void calls.fillRect++;
        if (property === 'strokeRect') return () => void calls.strokeRect++;
        if (property === 'fillText') return (text: string) => (calls.fillText.push(text), calls.fonts.add(font));
        // About a monospace character per 7 px at 12 px: enough for fitting labels in the gutter.
        if (property === 'measureText')
          return (text: string) => ({ width: text.length * 7 * (Number(/(\d+)px/.exec(font)?.[1] ?? 12) / 12) });
        return () => {};
      },
      set: (_target, property, value) => {
        if (property === 'font') font = String(value);
        return true;
      },
    },
  ) as unknown as CanvasRenderingContext2D;
  return { context, calls };
}

describe('drawTimeline', () => {
  // The run of 100,000 rows is the 100-call run's rows over and over, made without the builder, so the test
  // takes the same time on a loaded machine: the frame must paint exactly what it paints for the small run.
  it('draws only the rows in view, whatever the size of the run', () => {
    const model = buildTimeline(syntheticRun({ calls: 100, seed: 1 }));
    const huge = { ...model, rows: Array.from({ length: 1_000 }, () => model.rows).flat() };
    const lanes = laneBars(model);
    const frame = (shown: typeof model) => {
      const { context, calls: painted } = recordingContext();
      const viewport = zoomViewport(fitViewport(model.start, model.end), 20, 0.3, fitViewport(model.start, model.end));
      const { rowsDrawn } = drawTimeline({
        context,
        width: 900,
        height: 300,
        model: shown,
        lanes,
        viewport,
        palette: fallbackPalette,
        scrollTop: 400,
        selectedKey: null,
        hoveredKey: null,
        brush: null,
        now: undefined,
        concurrencyLimit: 8,
      });
      return { rowsDrawn, painted };
    };
    const small = frame(model);
    const large = frame(huge);
    expect(huge.rows.length).toBeGreaterThan(100_000);
    expect(large.rowsDrawn).toBe(small.rowsDrawn);
    expect(large.rowsDrawn).toBeLessThan(20);
    expect(large.painted).toEqual(small.painted);
    expect(large.painted.fillText).toContain('Slots · peak 8 · limit 8');
  });

  it('paints lanes of 10,000 zoomed-out calls once per pixel column, not once per call (issue 30)', { timeout: 30_000 }, () => {
    const model = buildTimeline(syntheticRun({ calls: 10_000, concurrency: 8, seed: 3 }));
    const { context, calls: painted } = recordingContext();
    drawTimeline({
      context,
      width: 400,
      height: 300,
      model,
      lanes: laneBars(model),
      viewport: fitViewport(model.start, model.end),
      palette: fallbackPalette,
      scrollTop: 0,
      selectedKey: null,
      hoveredKey: null,
      brush: null,
      now: undefined,
      concurrencyLimit: 8,
    });
    // Eight lanes of a few hundred columns each, plus the rows in view; one rect a call would be 10,000.
    expect(painted.fillRect).toBeLessThan(3_000);
  });

  it('says so when there is nothing to draw', () => {
    const { context, calls } = recordingContext();
    const model = buildTimeline([]);
    drawTimeline({
      context,
      width: 600,
      height: 200,
      model,
      lanes: [],
      viewport: fitViewport(0, 0),
      palette: fallbackPalette,
      scrollTop: 0,
      selectedKey: null,
      hoveredKey: null,
      brush: null,
      now: undefined,
      concurrencyLimit: null,
    });
    expect(calls.fillText).toContain('Tool calls appear here as they run.');
  });

  it('labels call rows with their key argument and draws everything at twice the size in presenter mode (issue 14)', () => {
    const model = buildTimeline(syntheticRun({ calls: 3, seed: 2 }));
    const labels = new Map(model.calls.map((call, index) => [call.key, ['Nordics', 'Benelux', 'Iberia'][index] ?? '']));
    const frame = (scale: number) => {
      const { context, calls } = recordingContext();
      drawTimeline({
        context,
        width: 1000,
        height: 600,
        model,
        lanes: laneBars(model),
        viewport: fitViewport(model.start, model.end),
        palette: fallbackPalette,
        scrollTop: 0,
        selectedKey: null,
        hoveredKey: null,
        brush: null,
        now: undefined,
        concurrencyLimit: 4,
        metrics: scaledLayout(scale),
        labels,
      });
      return calls;
    };
    const normal = frame(1);
    expect(normal.fillText).toEqual(expect.arrayContaining([' · Nordics', ' · Benelux', ' · Iberia']));
    expect([...normal.fonts].every((font) => /\b1[12]px/.test(font))).toBe(true);
    const presenting = frame(2);
    expect(presenting.fillText).toEqual(expect.arrayContaining([' · Nordics']));
    // Every text drawn, axis and lanes included, is at least 20 px: readable from the back of a room.
    expect([...presenting.fonts].map((font) => Number(/(\d+)px/.exec(font)?.[1]))).toEqual(expect.arrayContaining([24, 22]));
    expect([...presenting.fonts].every((font) => Number(/(\d+)px/.exec(font)?.[1]) >= 20)).toBe(true);
  });
});
