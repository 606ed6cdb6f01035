import { describe, expect, it } from 'vitest';
import type { AgentRunEvent } from '../../../agent/index.ts';
import { buildTimeline } from '../../../trace/index.ts';
import { drawWholeRun, recordingCanvas } from './recording-canvas.test-support.ts';

const call = (time: number, id: string, type: 'tool-call-queued' | 'tool-call-start'): AgentRunEvent =>
  type === 'tool-call-queued'
    ? { type, time, toolCallId: id, name: 'flaky_api', arguments: {}, index: 0 }
    : { type, time, toolCallId: id, name: 'flaky_api', concurrency: 1 };

const rollback: AgentRunEvent = {
  type: 'tool-versions-change',
  time: 500,
  name: 'flaky_api',
  change: 'rollback',
  versions: [
    { version: 'v1', traffic: 1, role: 'stable' },
    { version: 'v2', traffic: 0, role: 'inactive' },
  ],
} as AgentRunEvent;

function drawnTexts(events: AgentRunEvent[]): string[] {
  const texts: string[] = [];
  drawWholeRun(recordingCanvas({ fillText: (_state, text: never) => void texts.push(text) }), buildTimeline(events), 900, 300);
  return texts;
}

describe('marks of live version changes', () => {
  it('a Rollback during the run is named on the chart at its time', () => {
    const events = [call(0, 'a', 'tool-call-queued'), call(10, 'a', 'tool-call-start'), rollback, call(900, 'b', 'tool-call-queued')];
    expect(buildTimeline(events).marks).toEqual([{ time: 500, label: 'Rollback: flaky_api → v1' }]);
    expect(drawnTexts(events)).toContain('Rollback: flaky_api → v1');
  });

  it('a traffic change names the split, and a run without changes draws no mark', () => {
    const traffic = {
      ...rollback,
      change: 'set-traffic',
      versions: [
        { version: 'v1', traffic: 0.5, role: 'stable' },
        { version: 'v2', traffic: 0.5, role: 'canary' },
      ],
    } as AgentRunEvent;
    expect(buildTimeline([call(0, 'a', 'tool-call-queued'), traffic]).marks[0]?.label).toBe('Traffic: flaky_api → v1 50%, v2 50%');
    expect(drawnTexts([call(0, 'a', 'tool-call-queued')]).some((text) => String(text).includes('flaky_api →'))).toBe(false);
  });
});
