import { describe, expect, it } from 'vitest';
import { buildTimeline, callArgumentLabels, fitViewport } from '../../../trace/index.ts';
import { runSampleScenario } from '../../../samples/run-sample-scenario.test-support.ts';
import { inventoryBurstScenario } from '../../../samples/scenarios/inventory-burst.ts';
import { canaryScenario } from '../../../samples/scenarios/canary.ts';
import { drawTimeline } from './draw-timeline.ts';
import { recordingCanvas } from './recording-canvas.test-support.ts';
import { laneBars } from './lane-bars.ts';
import { scaledLayout } from './timeline-layout.ts';
import { fallbackPalette } from './timeline-palette.ts';

// Issue 27, point 7: in presenter mode the gutter cut "inventory_api · P-1001" … "inventory_api · P-1016" to
// the same "inventory_api · P-10…" on every row. What tells rows apart is kept; the tool's name gives way.

/**
 * Row labels are monospace, whose faces (DejaVu Sans Mono, Menlo, Consolas) are 0.6 em a character: a
 * 24 px label of 22 characters is 317 px, wider than the presenter gutter's room (308 px). The recording
 * canvas's 7 px a character at 12 px would let it fit and hide the defect.
 */
function monospaceMeasured(context: CanvasRenderingContext2D): CanvasRenderingContext2D {
  let font = '';
  return new Proxy(context, {
    get(target, property) {
      if (property !== 'measureText') return Reflect.get(target, property) as unknown;
      return (text: string) => {
        const size = Number(/(\d+)px/.exec(font)?.[1] ?? 12);
        return { width: text.length * size * (font.includes('monospace') ? 0.6 : 0.55) };
      };
    },
    set(target, property, value) {
      if (property === 'font') font = String(value);
      return Reflect.set(target, property, value);
    },
  });
}

/** The gutter text of each call row, as drawn (left of the plot). */
async function gutterTexts(events: Parameters<typeof buildTimeline>[0], scale: number): Promise<string[]> {
  const model = buildTimeline(events);
  const metrics = scaledLayout(scale);
  const rows = new Map<number, string>();
  const recording = recordingCanvas({
    // Call rows' labels are the monospace ones (iteration and model rows are not).
    fillText: (state, text: never, x: never, y: never) => {
      if ((x as number) < metrics.gutterWidth && state.font.includes('monospace'))
        rows.set(y as number, `${rows.get(y as number) ?? ''}${text as string}`);
    },
  });
  const context = monospaceMeasured(recording);
  drawTimeline({
    context,
    width: 1150,
    height: 4000,
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
    metrics,
    labels: callArgumentLabels(model.calls),
  });
  return [...rows.values()];
}

describe('row labels', () => {
  it('sixteen inventory_api rows read apart in presenter mode, each with its product', async () => {
    const { events } = await runSampleScenario(inventoryBurstScenario);
    const texts = await gutterTexts(events, 2);
    expect(texts).toHaveLength(16);
    expect(new Set(texts).size).toBe(16);
    for (const [index, text] of texts.entries()) expect(text).toContain(String(1001 + index));
  });

  it("the canary's twelve flaky_api rows each keep their item in presenter mode", async () => {
    const { events } = await runSampleScenario(canaryScenario);
    const texts = (await gutterTexts(events, 2)).filter((text) => text.includes('sku-'));
    expect(texts).toHaveLength(12);
    for (const [index, text] of texts.entries()) expect(text).toContain(`sku-${1001 + index}`);
  });
});
