import { describe, expect, it } from 'vitest';
import type { CallRow, TimelineSegment } from '../../../trace/index.ts';
import { drawGhost } from './draw-call-notes.ts';
import { scaledLayout } from './timeline-layout.ts';
import { fallbackPalette } from './timeline-palette.ts';

/** Records each label with where it starts; text is 7 px a character, as a 12 px monospace font. */
function recordingContext() {
  const texts: { text: string; x: number; width: number }[] = [];
  const context = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'fillText') return (text: string, x: number) => void texts.push({ text, x, width: text.length * 7 });
        if (property === 'measureText') return (text: string) => ({ width: text.length * 7 });
        return () => {};
      },
      set: () => true,
    },
  ) as unknown as CanvasRenderingContext2D;
  return { context, texts };
}

const plot = { left: 160, width: 440 };
const plotRight = plot.left + plot.width;

/** A call stopped by the user: its work was killed at once, so its ghost is a sliver at the bar's end. */
function killedOnStop(ghostStart: number): { call: CallRow; segment: TimelineSegment } {
  const segment: TimelineSegment = { kind: 'ghost', start: ghostStart, end: ghostStart, attempt: 1, open: false, ghostEnd: 'killed' };
  const call = {
    attempts: [
      { attempt: 1, start: 0, deadline: Infinity, timeoutMs: 3000, killedAt: ghostStart, killReason: 'stopped', workRunning: false },
    ],
  } as unknown as CallRow;
  return { call, segment };
}

function drawAt(boxLeft: number, boxWidth: number) {
  const { context, texts } = recordingContext();
  const { call, segment } = killedOnStop(1000);
  drawGhost({ context, plot, viewport: { start: 0, end: 1000 }, palette: fallbackPalette, metrics: scaledLayout(1) }, call, segment, [
    boxLeft,
    100,
    boxWidth,
    16,
  ]);
  return texts;
}

describe('a ghost label', () => {
  it('says how the work ended in full when the ghost ends at the chart’s right edge', () => {
    const [label] = drawAt(plotRight - 2, 2);
    expect(label?.text).toBe('killed on Stop');
    // Against the edge, left of the kill mark, wholly inside the chart: not "kil" cut off after the bar.
    expect(label!.x).toBeGreaterThanOrEqual(plot.left);
    expect(label!.x + label!.width).toBeLessThanOrEqual(plotRight - 8);
  });

  it('goes just after a ghost that has room after it, and inside one wide enough', () => {
    expect(drawAt(300, 2)[0]?.x).toBe(300 + 2 + 6 + 8);
    expect(drawAt(200, 200)[0]?.x).toBe(204);
  });
});
