import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline-builder.ts';
import { metricsToPrometheus } from './prometheus-export.ts';
import { runMetrics } from './run-metrics.ts';
import { flakyTool, recordBatch, sleepTool } from './recorded-batches.test-support.ts';

describe('metricsToPrometheus', () => {
  it('writes the text format: HELP and TYPE once per family, escaped labels, cumulative buckets', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 700), flakyTool('flaky', 1)],
      [
        { id: 'a', name: 'slow', arguments: {} },
        { id: 'b', name: 'flaky', arguments: {} },
      ],
    );
    const text = metricsToPrometheus(runMetrics(buildTimeline(events)));
    const lines = text.trimEnd().split('\n');
    expect(text.endsWith('\n')).toBe(true);
    const families = lines.filter((line) => line.startsWith('# TYPE')).map((line) => line.split(' ')[2]);
    expect(new Set(families).size).toBe(families.length);
    expect(families).toEqual([
      'agent_tool_calls_total',
      'agent_tool_errors_total',
      'agent_tool_call_duration_seconds',
      'agent_tool_call_latency_seconds',
      'agent_tool_retries_total',
      'agent_tool_peak_concurrency',
      'agent_tool_concurrency',
      'agent_tool_queued_calls',
    ]);
    // Every sample line: a metric name, optional labels, a number.
    for (const line of lines.filter((candidate) => !candidate.startsWith('#')))
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? -?[0-9.e+-]+$/);
    expect(lines).toContain('agent_tool_retries_total{tool_name="flaky"} 1');
    expect(lines).toContain('agent_tool_call_duration_seconds_bucket{tool_name="slow",le="0.5"} 0');
    expect(lines).toContain('agent_tool_call_duration_seconds_bucket{tool_name="slow",le="1"} 1');
    expect(lines).toContain('agent_tool_call_duration_seconds_bucket{tool_name="slow",le="+Inf"} 1');
    expect(lines).toContain('agent_tool_call_latency_seconds{tool_name="slow",quantile="0.99"} 0.7');
    expect(lines).toContain('agent_tool_peak_concurrency 2');
  });

  it('escapes backslashes, quotes and newlines in label values', () => {
    const text = metricsToPrometheus({
      tools: [
        {
          name: 'a"b\\c\nd',
          calls: 1,
          successes: 1,
          successRate: 1,
          errors: {},
          retries: 0,
          retryRate: 0,
          latencyMs: { count: 1, p50: 1, p95: 1, p99: 1 },
          durationsMs: [1],
          peakConcurrency: 1,
          running: 0,
          queued: 0,
        },
      ],
      versions: [],
      totals: { calls: 1, successes: 1, errors: 0, retries: 0, running: 0, queued: 0 },
      peakConcurrency: 1,
    });
    expect(text).toContain('agent_tool_calls_total{tool_name="a\\"b\\\\c\\nd",status="success"} 1');
  });
});
