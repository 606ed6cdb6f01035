import { describe, expect, it } from 'vitest';
import type { CallRow } from '../../../trace/index.ts';
import { shownDeadlines } from './row-geometry.ts';
import { layout } from './timeline-layout.ts';

const frame = { viewport: { start: 0, end: 10_000 }, plot: { left: 100, width: 1000 }, metrics: layout };

describe('the deadline mark of a call', () => {
  it('is drawn where the row says it is: while the person has a server’s form, moved on with the clock', () => {
    // The attempt began at 0 under a 2 s limit; the form came at 300 ms; it is now 6 s: 1.7 s were left.
    const call = {
      attempts: [{ attempt: 1, start: 0, deadline: 2000, deadlinePausedAt: 300, timeoutMs: 2000 }],
      deadlines: [7700],
    } as unknown as CallRow;
    expect(shownDeadlines(frame, call)).toEqual([870]);
  });

  it('is not drawn for an attempt without a limit, nor one that ended in time', () => {
    const call = {
      attempts: [
        { attempt: 1, start: 0, deadline: Infinity, timeoutMs: Infinity, end: 100, outcome: 'execution_error' },
        { attempt: 2, start: 200, deadline: 1200, timeoutMs: 1000, end: 1200, outcome: 'timeout' },
        { attempt: 3, start: 1300, deadline: 2300, timeoutMs: 1000, end: 1400, outcome: 'success' },
      ],
      deadlines: [1200, 2300],
    } as unknown as CallRow;
    expect(shownDeadlines(frame, call)).toEqual([220]);
  });
});
