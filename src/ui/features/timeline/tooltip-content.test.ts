import { describe, expect, it } from 'vitest';
import { buildTimeline, syntheticRun, type CallRow } from '../../../trace/index.ts';
import { progressTool, recordBatch } from '../../../trace/recorded-batches.test-support.ts';
import { callTooltip, modelTooltip } from './tooltip-content.ts';

describe('tooltip content', () => {
  const model = buildTimeline(syntheticRun({ calls: 200, seed: 5 }));

  it('names the tool, the attempt, start, duration and outcome of the phase under the pointer', () => {
    const call = model.calls.find((candidate) => candidate.attempts.length > 1) as CallRow;
    const second = call.segments.find((segment) => segment.kind === 'attempt' && segment.attempt === 2)!;
    const content = callTooltip(call, second, model.start);
    expect(content.title).toBe(call.name);
    expect(Object.fromEntries(content.fields)).toMatchObject({
      phase: 'running',
      attempt: `2 of ${call.attempts.length}`,
      outcome: expect.any(String),
      start: expect.stringMatching(/s$/),
      duration: expect.stringMatching(/s$/),
      deadline: expect.any(String),
    });
    const backoff = call.segments.find((segment) => segment.kind === 'backoff')!;
    expect(Object.fromEntries(callTooltip(call, backoff, model.start).fields)).toMatchObject({
      phase: 'backoff wait',
      reason: 'execution_error',
    });
  });

  it('describes a model call', () => {
    const row = model.rows[0]!;
    if (row.kind !== 'model') throw new Error('expected the model row first');
    expect(modelTooltip(row.calls[0]!, model.start)).toEqual({
      title: 'Model call',
      fields: [
        ['iteration', '1'],
        ['start', '0 ms'],
        ['duration', expect.stringMatching(/ms$/)],
        ['finish', 'tool_calls'],
      ],
    });
  });

  it('gives the latest progress report of the attempt under the pointer', async () => {
    const { events } = await recordBatch(() => [progressTool('report', 3, 100)], [{ id: 'r', name: 'report', arguments: {} }]);
    const run = buildTimeline(events);
    const call = run.calls[0]!;
    const attempt = call.segments.find((segment) => segment.kind === 'attempt')!;
    expect(Object.fromEntries(callTooltip(call, attempt, run.start).fields).progress).toBe('3/3 step 3 of 3 (3 reports)');
  });
});
