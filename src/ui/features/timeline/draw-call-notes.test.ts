import { describe, expect, it } from 'vitest';
import type { TimelineSegment } from '../../../trace/index.ts';
import { drawGhost, drawMarkLabels, drawRowLabels } from './draw-call-notes.ts';
import type { LabelPlacement } from './label-placement.ts';
import { recordingCanvas } from './recording-canvas.test-support.ts';
import { scaledLayout } from './timeline-layout.ts';
import { fallbackPalette } from './timeline-palette.ts';

function recorded() {
  const texts: { text: string; x: number; y: number }[] = [];
  const rects: number[][] = [];
  const context = recordingCanvas({
    fillText: (_state, text: never, x: never, y: never) => void texts.push({ text, x, y }),
    fillRect: (_state, ...box: never[]) => void rects.push(box),
  });
  return { context, texts, rects, input: { context, palette: fallbackPalette, metrics: scaledLayout(1) } };
}

const ghost: TimelineSegment = { kind: 'ghost', start: 3000, end: 5000, attempt: 1, open: false, ghostEnd: 'killed' };

describe('the chart’s words are painted where they were placed', () => {
  it('a ghost is an outline and a ✕, with no words of its own and no opaque backing over the bar', () => {
    const { texts, rects, input } = recorded();
    drawGhost(input, ghost, [300, 100, 120, 12]);
    expect(texts).toEqual([]);
    // One translucent fill: the ghost itself.
    expect(rects).toEqual([[300, 100, 120, 12]]);
  });

  it('row labels at their placed x and middle; Rollback words on their backing', () => {
    const { texts, rects, input } = recorded();
    const placement: LabelPlacement = {
      obstacles: [],
      dropped: [],
      labels: [
        { kind: 'ghost', key: 'a', text: 'killed 2 s after the deadline', box: [430, 103, 180, 14], x: 430, middle: 110 },
        { kind: 'limit', key: 'b', text: 'limit 3 s', box: [200, 123, 60, 14], x: 200, middle: 130 },
        { kind: 'mark', key: 'mark:0', text: 'Rollback: flaky_api → v1', box: [500, 300, 170, 19], x: 504, middle: 309.5 },
      ],
    };
    drawRowLabels(input, placement);
    expect(texts).toEqual([
      { text: 'killed 2 s after the deadline', x: 430, y: 110 },
      { text: 'limit 3 s', x: 200, y: 130 },
    ]);
    drawMarkLabels(input, placement);
    expect(texts.at(-1)).toEqual({ text: 'Rollback: flaky_api → v1', x: 504, y: 309.5 });
    expect(rects).toEqual([[500, 300, 170, 19]]);
  });
});
