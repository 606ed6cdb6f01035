import { describe, expect, it } from 'vitest';
import { buildTimeline } from '../../../trace/index.ts';
import { progressTool, recordBatch } from '../../../trace/recorded-batches.test-support.ts';
import { drawWholeRun, recordingCanvas } from './recording-canvas.test-support.ts';
import { fallbackPalette } from './timeline-palette.ts';

async function drawnNotches(steps: number, stepMs: number, width: number) {
  const { events } = await recordBatch(() => [progressTool('report', steps, stepMs)], [{ id: 'a', name: 'report', arguments: {} }]);
  // The progress notches: 2 px wide rectangles painted in the background colour.
  const notches: number[] = [];
  const context = recordingCanvas({
    fillRect: (state, x: number, _y: number, rectangleWidth: number) =>
      void (state.fillStyle === fallbackPalette.background && rectangleWidth === 2 && notches.push(x)),
  });
  drawWholeRun(context, buildTimeline(events), width, 200);
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
