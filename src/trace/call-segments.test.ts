import { describe, expect, it } from 'vitest';
import { callSegments } from './call-segments.ts';

describe('callSegments', () => {
  it('draws queue, validation, attempts and backoff in order, open phases ending at now', () => {
    const facts = {
      queuedAt: 0,
      startedAt: 10,
      attempts: [
        { attempt: 1, start: 12, deadline: 112, timeoutMs: 100, end: 112, outcome: 'timeout' as const, retryDelayMs: 50 },
        { attempt: 2, start: 162, deadline: 262, timeoutMs: 100 },
      ],
    };
    expect(callSegments(facts, 200)).toEqual([
      { kind: 'queued', start: 0, end: 10, open: false },
      { kind: 'validating', start: 10, end: 12, open: false },
      { kind: 'attempt', start: 12, end: 112, open: false, attempt: 1, outcome: 'timeout' },
      { kind: 'backoff', start: 112, end: 162, open: false, attempt: 1 },
      { kind: 'attempt', start: 162, end: 200, open: true, attempt: 2 },
    ]);
  });

  it('ends a backoff with the call when it was aborted while waiting', () => {
    const facts = {
      queuedAt: 0,
      startedAt: 0,
      endedAt: 30,
      attempts: [{ attempt: 1, start: 0, deadline: 100, timeoutMs: 100, end: 10, outcome: 'execution_error' as const, retryDelayMs: 200 }],
    };
    expect(callSegments(facts, 999).at(-1)).toEqual({ kind: 'backoff', start: 10, end: 30, open: false, attempt: 1 });
  });

  it('draws a call that has not left the queue as one open queued phase', () => {
    expect(callSegments({ queuedAt: 0, attempts: [] }, 40)).toEqual([{ kind: 'queued', start: 0, end: 40, open: true }]);
  });
});
