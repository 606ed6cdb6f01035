// Test support: a stand-in for CanvasRenderingContext2D that records what a test asks for, and a draw
// of a whole run with the chart's defaults, so drawing tests read as what they check.
import { fitViewport, type TimelineModel } from '../../../trace/index.ts';
import { drawTimeline } from './draw-timeline.ts';
import { laneBars } from './lane-bars.ts';
import { fallbackPalette } from './timeline-palette.ts';

/** The styles in force when a drawing call is made. */
export interface CanvasState {
  fillStyle: string;
  font: string;
}

type Recorders = Partial<Record<'fill' | 'fillRect' | 'fillText' | 'strokeRect', (state: CanvasState, ...args: never[]) => void>>;

/** Every method is a no-op except the recorded ones; labels measure about 7 px a character at 12 px. */
export function recordingCanvas(recorders: Recorders): CanvasRenderingContext2D {
  const state: CanvasState = { fillStyle: '', font: '' };
  return new Proxy(
    {},
    {
      get(_target, property) {
        const recorder = recorders[property as keyof Recorders];
        if (recorder) return (...args: never[]) => recorder(state, ...args);
        if (property === 'measureText')
          return (text: string) => ({ width: text.length * 7 * (Number(/(\d+)px/.exec(state.font)?.[1] ?? 12) / 12) });
        return () => {};
      },
      set(_target, property, value) {
        if (property === 'fillStyle' || property === 'font') state[property] = String(value);
        return true;
      },
    },
  ) as unknown as CanvasRenderingContext2D;
}

/** The whole run fitted to the width, nothing selected, with the fallback palette. */
export function drawWholeRun(context: CanvasRenderingContext2D, model: TimelineModel, width: number, height: number): void {
  drawTimeline({
    context,
    width,
    height,
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
}
