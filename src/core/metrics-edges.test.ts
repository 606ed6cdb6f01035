import { describe, expect, it } from 'vitest';
import { durationBucketsSeconds, latencyWindow, MetricsRecorder, summarize } from './metrics.ts';
import { recordedResult as result } from './executor-harness.test-support.ts';

describe('MetricsRecorder, edges', () => {
  it('counts a duration exactly on a bucket bound in that bucket ("less than or equal")', () => {
    const recorder = new MetricsRecorder();
    for (const bound of durationBucketsSeconds) recorder.record(result('exact', bound * 1000));
    recorder.record(result('exact', 30_001));
    // Bucket i holds the calls of bounds 0..i: cumulative, with the last call only in +Inf.
    expect(recorder.series.get('exact')?.bucketCounts).toEqual(durationBucketsSeconds.map((_, index) => index + 1));
  });

  it('starts a series with every bucket at zero', () => {
    const recorder = new MetricsRecorder();
    recorder.record(result('slow', 60_000));
    expect(recorder.series.get('slow')?.bucketCounts).toEqual(durationBucketsSeconds.map(() => 0));
  });

  it('keeps the latest latencyWindow durations per tool, overwriting the oldest', () => {
    const recorder = new MetricsRecorder();
    for (let index = 0; index < latencyWindow; index++) recorder.record(result('ring', 5_000));
    expect(recorder.snapshot().tools.ring?.latencyMs).toEqual({ count: latencyWindow, p50: 5_000, p95: 5_000, p99: 5_000 });
    for (let index = 0; index < latencyWindow - 1; index++) recorder.record(result('ring', 1));
    // One slow call left in the window: only the maximum shows it.
    expect(recorder.snapshot().tools.ring?.latencyMs).toEqual({ count: latencyWindow, p50: 1, p95: 1, p99: 1 });
    expect(Math.max(...(recorder.series.get('ring')?.recentDurationsMs ?? []))).toBe(5_000);
    recorder.record(result('ring', 2));
    expect(recorder.series.get('ring')?.recentDurationsMs).toHaveLength(latencyWindow);
    expect(Math.max(...(recorder.series.get('ring')?.recentDurationsMs ?? []))).toBe(2);
  });

  it('reports no latency for a tool that has only retried so far', () => {
    const recorder = new MetricsRecorder();
    recorder.retry('pending');
    expect(recorder.snapshot().tools.pending?.latencyMs).toEqual({ count: 0, p50: 0, p95: 0, p99: 0 });
  });

  it('counts a versioned call by version, but never under the pool of unknown names', () => {
    const recorder = new MetricsRecorder();
    recorder.record(result('search', 10, { version: 'v2' }));
    recorder.record(result('search', 10, { version: 'v2', error: { kind: 'timeout', message: 't', retryable: true } }));
    // A name that was unregistered while the model still called it: pooled, with no version series.
    recorder.record(result('gone', 10, { version: 'v1', error: { kind: 'unknown_tool', message: 'u', retryable: false } }));
    const tools = recorder.snapshot().tools;
    expect(tools.search?.byVersion).toEqual({ v2: { calls: 2, successes: 1, errors: { timeout: 1 } } });
    expect(tools['(unknown)']).not.toHaveProperty('byVersion');
  });
});

describe('summarize, edges', () => {
  it('sorts durations as numbers, not as text', () => {
    expect(summarize([10, 1, 2])).toEqual({ count: 3, p50: 2, p95: 10, p99: 10 });
  });
});
