import { describe, expect, it } from 'vitest';
import { inspectCall } from './call-inspection.ts';
import { buildTimeline } from './timeline-builder.ts';
import { recordBatch, sleepTool } from './recorded-batches.test-support.ts';

describe('inspectCall', () => {
  it('shows the arguments as sent, validation issues, the result and what the model read', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 10)],
      [
        { id: 'ok', name: 'slow', arguments: '{"value":"a"}' },
        { id: 'bad', name: 'slow', arguments: { value: 3 } },
        { id: 'cut', name: 'slow', arguments: '{"value": "a' },
      ],
    );
    const [ok, bad, cut] = buildTimeline(events).calls;
    const okView = inspectCall(ok!, [{ role: 'tool', toolCallId: 'ok', name: 'slow', content: 'exactly this' }]);
    expect(okView).toMatchObject({
      argumentsText: '{\n  "value": "a"\n}',
      argumentsValidJson: true,
      modelText: 'exactly this',
      queuedMs: 0,
    });
    expect(okView.resultText).toBe('{\n  "echo": "a"\n}');
    const badView = inspectCall(bad!);
    expect(badView.validationIssues).toEqual([{ path: 'value', message: expect.any(String) }]);
    expect(JSON.parse(badView.modelText!)).toMatchObject({ error: expect.any(String) });
    expect(inspectCall(cut!)).toMatchObject({ argumentsText: '{"value": "a', argumentsValidJson: false });
  });

  it('names the keys the schema ignored, and the model text says so too (issue 12)', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 10)],
      [{ id: 'x', name: 'slow', arguments: '{"value":"a","colour":"red"}' }],
    );
    const view = inspectCall(buildTimeline(events).calls[0]!);
    expect(view.ignoredKeys).toEqual(['colour']);
    expect(view.modelText).toContain('was ignored: "colour"');
  });

  it('has no result or model text while the call runs', async () => {
    const { events } = await recordBatch(() => [sleepTool('slow', 10)], [{ id: 'a', name: 'slow', arguments: '' }]);
    const view = inspectCall(buildTimeline(events.slice(0, 2), 1005).calls[0]!);
    expect(view).toMatchObject({ argumentsText: '{}', resultText: null, modelText: null });
  });
});
