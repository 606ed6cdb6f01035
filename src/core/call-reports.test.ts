import { describe, expect, it } from 'vitest';
import { CallReports, maxReportsPerCall } from './call-reports.ts';
import type { ProgressUpdate } from './tool-context.ts';
import type { ProgressEntry, TrafficEntry } from './tool-result.ts';

function reports(): { reports: CallReports; progress: ProgressEntry[]; traffic: TrafficEntry[] } {
  const progress: ProgressEntry[] = [];
  const traffic: TrafficEntry[] = [];
  return {
    reports: new CallReports(
      () => 5,
      (entry) => progress.push(entry),
      (entry) => traffic.push(entry),
    ),
    progress,
    traffic,
  };
}

describe('CallReports', () => {
  it('announces exactly maxReportsPerCall progress reports and no more', () => {
    const { reports: callReports, progress } = reports();
    for (let index = 1; index <= maxReportsPerCall + 3; index++) callReports.progress(1, { progress: index });
    expect(progress).toHaveLength(maxReportsPerCall);
    expect(progress.at(-1)?.progress).toBe(maxReportsPerCall);
  });

  it('counts the traffic cap apart from the progress cap', () => {
    const { reports: callReports, progress, traffic } = reports();
    for (let index = 0; index < maxReportsPerCall; index++) callReports.traffic(1, 'sent', index);
    callReports.progress(1, { progress: 1 });
    callReports.traffic(1, 'received', 'late');
    expect(progress).toEqual([{ time: 5, attempt: 1, progress: 1 }]);
    expect(traffic).toHaveLength(maxReportsPerCall);
    expect(traffic[0]).toEqual({ time: 5, attempt: 1, direction: 'sent', message: 0 });
  });

  it('ignores a missing update instead of throwing', () => {
    const { reports: callReports, progress } = reports();
    expect(() => callReports.progress(1, undefined as unknown as ProgressUpdate)).not.toThrow();
    expect(() => callReports.progress(1, null as unknown as ProgressUpdate)).not.toThrow();
    expect(progress).toEqual([]);
  });

  it('keeps a total only when it is a finite number above 0', () => {
    const { reports: callReports, progress } = reports();
    for (const total of [0, -1, Number.POSITIVE_INFINITY, Number.NaN, 0.5, 10]) callReports.progress(2, { progress: 1, total });
    expect(progress.map((entry) => entry.total)).toEqual([undefined, undefined, undefined, undefined, 0.5, 10]);
    expect(progress.map((entry) => 'total' in entry)).toEqual([false, false, false, false, true, true]);
  });

  it('keeps a message only when it is a non-empty string', () => {
    const { reports: callReports, progress } = reports();
    const messages: unknown[] = ['', 42, { text: 'x' }, 'halfway'];
    for (const message of messages) callReports.progress(1, { progress: 1, message } as ProgressUpdate);
    expect(progress.map((entry) => ('message' in entry ? entry.message : null))).toEqual([null, null, null, 'halfway']);
  });
});
