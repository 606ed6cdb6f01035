import { describe, expect, it } from 'vitest';
import { buildTimeline, syntheticRun, type CallRow } from '../../../trace/index.ts';
import { hitRow } from './timeline-hits.ts';

describe('timeline hits', () => {
  const model = buildTimeline(syntheticRun({ calls: 300, concurrency: 4, seed: 3 }));

  it('finds the phase under the pointer, within a tolerance, and the model call on the model row', () => {
    const retried = model.calls.find((call) => call.segments.some((segment) => segment.kind === 'backoff')) as CallRow;
    const backoff = retried.segments.find((segment) => segment.kind === 'backoff')!;
    expect(hitRow(retried, (backoff.start + backoff.end) / 2, 0)).toEqual({ kind: 'call', call: retried, segment: backoff });
    expect(hitRow(retried, retried.queuedAt - 1000, 1)).toEqual({ kind: 'call', call: retried, segment: null });
    const modelRow = model.rows[0]!;
    expect(modelRow.kind).toBe('model');
    if (modelRow.kind !== 'model') return;
    const second = modelRow.calls[1]!;
    expect(hitRow(modelRow, second.start + 1, 0)).toMatchObject({ kind: 'model', index: 1 });
    expect(hitRow(model.rows[1]!, 0, 0)).toBeNull();
  });

  it('prefers the real phase to a ghost drawn over it', () => {
    const timedOut = model.calls.find((call) => call.segments.some((segment) => segment.kind === 'ghost')) as CallRow;
    const attempt = timedOut.segments.findLast((segment) => segment.kind === 'attempt')!;
    expect(hitRow(timedOut, attempt.end, 0)).toMatchObject({ segment: { kind: 'attempt' } });
  });
});
