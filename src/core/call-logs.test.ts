import { describe, expect, it } from 'vitest';
import { CallLogs, formatLogValues, maxLogEntriesPerCall } from './call-logs.ts';
import type { LogEntry } from './tool-result.ts';

function logs(): { logs: CallLogs; announced: LogEntry[]; clock: { now: number } } {
  const clock = { now: 0 };
  const announced: LogEntry[] = [];
  return {
    logs: new CallLogs(
      () => clock.now,
      (entry) => announced.push(entry),
    ),
    announced,
    clock,
  };
}

describe('CallLogs', () => {
  it('keeps and announces exactly the first maxLogEntriesPerCall lines, then counts the rest', () => {
    const { logs: callLogs, announced, clock } = logs();
    for (let index = 0; index < maxLogEntriesPerCall; index++) callLogs.write(1 + (index >> 8), [`line ${index}`]);
    expect(callLogs.snapshot()).toHaveLength(maxLogEntriesPerCall);
    callLogs.write(3, ['one too many']);
    callLogs.write(3, ['two too many']);
    clock.now = 75;
    expect(callLogs.entries).toHaveLength(maxLogEntriesPerCall);
    expect(announced).toHaveLength(maxLogEntriesPerCall);
    const snapshot = callLogs.snapshot();
    expect(snapshot).toHaveLength(maxLogEntriesPerCall + 1);
    expect(snapshot.at(-2)?.message).toBe(`line ${maxLogEntriesPerCall - 1}`);
    // The notice carries the attempt of the last kept line and the time it was taken.
    expect(snapshot.at(-1)).toEqual({ time: 75, attempt: 2, message: '(2 more log lines dropped)' });
  });

  it('gives a copy of its lines, with the time and attempt of each', () => {
    const { logs: callLogs, clock } = logs();
    clock.now = 10;
    callLogs.write(1, ['first', { a: 1 }]);
    const snapshot = callLogs.snapshot();
    expect(snapshot).toEqual([{ time: 10, attempt: 1, message: 'first {"a":1}' }]);
    snapshot.pop();
    expect(callLogs.snapshot()).toHaveLength(1);
  });

  it('formats strings as they are and other values as JSON', () => {
    expect(formatLogValues(['a', 1, null, ['b']])).toBe('a 1 null ["b"]');
  });
});
