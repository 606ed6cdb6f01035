import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool } from '../../../core/index.ts';
import { harness } from '../../../core/executor-harness.test-support.ts';
import { noFaults, withFaults } from '../../../faults/index.ts';
import { buildTimeline, type CallRow } from '../../../trace/index.ts';
import { drawWholeRun, recordingCanvas } from './recording-canvas.test-support.ts';
import { fallbackPalette } from './timeline-palette.ts';
import { callTooltip } from './tooltip-content.ts';

const weather = defineTool({ name: 'get_weather', description: 'weather', schema: z.object({}), idempotent: true, execute: () => 'sunny' });

/** A call whose every attempt gets an injected 429 (faults at 100%), as the executor reports it. */
async function injectedRun(rate: number) {
  const { clock, executor, events } = harness({ retry: { maxAttempts: 2 } }, [
    withFaults(weather as Tool, { ...noFaults, enabled: true, rateLimitRate: rate, retryAfterMs: 500 }, 1),
  ]);
  await clock.run(executor.execute({ id: 'call_1', name: 'get_weather', arguments: {} }));
  return buildTimeline(events);
}

/** The colours `fill()` was called with: the bolt is a path, the bars are rectangles. */
function pathFills(model: Awaited<ReturnType<typeof injectedRun>>): string[] {
  const fills: string[] = [];
  drawWholeRun(recordingCanvas({ fill: (state) => void fills.push(state.fillStyle) }), model, 900, 300);
  return fills;
}

describe('injected faults on the timeline', () => {
  it('draws a bolt per injected fault, and none for a call without one', async () => {
    expect(pathFills(await injectedRun(1)).filter((colour) => colour === fallbackPalette.injected)).toHaveLength(2);
    expect(pathFills(await injectedRun(0))).not.toContain(fallbackPalette.injected);
  });

  it('names the injected fault in the tooltip of its attempt', async () => {
    const model = await injectedRun(1);
    const call = model.calls[0] as CallRow;
    const attempt = call.segments.find((segment) => segment.kind === 'attempt' && segment.attempt === 2)!;
    expect(callTooltip(call, attempt, model.start).fields).toContainEqual(['injected', '429 Too Many Requests (Retry-After 500 ms)']);
  });
});
