import { describe, it, expect } from 'vitest';
import { MetricsRecorder, summarize } from './metrics.ts';
import { toPrometheus } from './prometheus.ts';
import { escapeLabelValue } from './prometheus-writer.ts';
import { recordedResult } from './executor-harness.test-support.ts';
import type { ToolError } from './tool-error.ts';

const result = (name: string, durationMs: number, error?: ToolError) => recordedResult(name, durationMs, { error });

describe('summarize', () => {
  it('gives nearest-rank percentiles', () => {
    const durations = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(summarize(durations)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99 });
    expect(summarize([])).toEqual({ count: 0, p50: 0, p95: 0, p99: 0 });
    expect(summarize([7])).toEqual({ count: 1, p50: 7, p95: 7, p99: 7 });
  });
});

describe('MetricsRecorder', () => {
  it('counts calls, successes, errors by kind and retries per tool', () => {
    const recorder = new MetricsRecorder();
    recorder.record(result('search', 100));
    recorder.record(result('search', 300, { kind: 'timeout', message: 't', retryable: true }));
    recorder.record(result('nope', 0, { kind: 'unknown_tool', message: 'u', retryable: false }));
    recorder.retry('search');
    recorder.callStarted();
    recorder.callStarted();
    recorder.callFinishedRunning();
    const snapshot = recorder.snapshot();
    expect(snapshot.tools.search).toEqual({
      calls: 2,
      successes: 1,
      errors: { timeout: 1 },
      retries: 1,
      latencyMs: { count: 2, p50: 100, p95: 300, p99: 300 },
    });
    // Invented names are pooled so they cannot create unbounded series.
    expect(snapshot.tools['(unknown)']?.errors).toEqual({ unknown_tool: 1 });
    expect(snapshot.tools.nope).toBeUndefined();
    expect(snapshot.totals).toEqual({ calls: 3, successes: 1, errors: 2, retries: 1 });
    expect(snapshot).toMatchObject({ concurrency: 1, peakConcurrency: 2, queued: 0 });
  });
});

describe('toPrometheus', () => {
  it('exposes the expected families with HELP/TYPE, cumulative buckets, sum and count', () => {
    const recorder = new MetricsRecorder();
    recorder.record(result('search', 300));
    recorder.record(result('search', 1500));
    recorder.record(result('search', 45_000, { kind: 'timeout', message: 't', retryable: true }));
    recorder.retry('search');
    const text = toPrometheus(recorder);
    for (const [name, type] of [
      ['agent_tool_calls_total', 'counter'],
      ['agent_tool_call_duration_seconds', 'histogram'],
      ['agent_tool_retries_total', 'counter'],
      ['agent_tool_concurrency', 'gauge'],
    ]) {
      expect(text).toContain(`# HELP ${name} `);
      expect(text).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(text).toContain('agent_tool_calls_total{tool_name="search",status="success"} 2\n');
    expect(text).toContain('agent_tool_calls_total{tool_name="search",status="error"} 1\n');
    expect(text).toContain('agent_tool_errors_total{tool_name="search",kind="timeout"} 1\n');
    const buckets = [...text.matchAll(/agent_tool_call_duration_seconds_bucket\{tool_name="search",le="([^"]+)"\} (\d+)/g)].map((match) => [
      match[1],
      Number(match[2]),
    ]);
    expect(buckets).toEqual([
      ['0.005', 0],
      ['0.01', 0],
      ['0.025', 0],
      ['0.05', 0],
      ['0.1', 0],
      ['0.25', 0],
      ['0.5', 1],
      ['1', 1],
      ['2.5', 2],
      ['5', 2],
      ['10', 2],
      ['30', 2],
      ['+Inf', 3],
    ]);
    expect(text).toContain('agent_tool_call_duration_seconds_sum{tool_name="search"} 46.8\n');
    expect(text).toContain('agent_tool_call_duration_seconds_count{tool_name="search"} 3\n');
    expect(text).toContain('agent_tool_retries_total{tool_name="search"} 1\n');
    expect(text).toContain('agent_tool_concurrency 0\n');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('escapes label values', () => {
    expect(escapeLabelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    const recorder = new MetricsRecorder();
    recorder.record(result('we"ird', 1));
    expect(toPrometheus(recorder)).toContain('tool_name="we\\"ird"');
  });
});
