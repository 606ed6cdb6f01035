// The run's metrics in the Prometheus text exposition format (0.0.4). Family names and labels match
// core's executor export, so a dashboard built on one reads the other; core's helpers do the escaping
// and bucket bounds. Core's own formatter reads its internal recorder, which a run's events do not fill.
import { durationBucketsSeconds, prometheusLabels } from '../core/index.ts';
import type { RunMetrics } from './run-metrics.ts';

type FamilyType = 'counter' | 'gauge' | 'histogram' | 'summary';

export function metricsToPrometheus(metrics: RunMetrics): string {
  const lines: string[] = [];
  const family = (name: string, type: FamilyType, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  const sample = (name: string, pairs: Record<string, string>, value: number) => lines.push(`${name}${prometheusLabels(pairs)} ${value}`);

  family('agent_tool_calls_total', 'counter', 'Tool calls that finished, by tool and status.');
  for (const tool of metrics.tools) {
    sample('agent_tool_calls_total', { tool_name: tool.name, status: 'success' }, tool.successes);
    sample('agent_tool_calls_total', { tool_name: tool.name, status: 'error' }, tool.calls - tool.successes);
  }

  family('agent_tool_errors_total', 'counter', 'Tool calls that ended in an error, by tool and error kind.');
  for (const tool of metrics.tools) {
    for (const [kind, count] of Object.entries(tool.errors).sort())
      sample('agent_tool_errors_total', { tool_name: tool.name, kind }, count ?? 0);
  }

  family('agent_tool_call_duration_seconds', 'histogram', 'Time a tool call ran, retries included, queue time excluded.');
  for (const tool of metrics.tools) {
    const seconds = tool.durationsMs.map((duration) => duration / 1000);
    for (const bound of durationBucketsSeconds) {
      sample(
        'agent_tool_call_duration_seconds_bucket',
        { tool_name: tool.name, le: String(bound) },
        seconds.filter((value) => value <= bound).length,
      );
    }
    sample('agent_tool_call_duration_seconds_bucket', { tool_name: tool.name, le: '+Inf' }, seconds.length);
    sample(
      'agent_tool_call_duration_seconds_sum',
      { tool_name: tool.name },
      seconds.reduce((sum, value) => sum + value, 0),
    );
    sample('agent_tool_call_duration_seconds_count', { tool_name: tool.name }, seconds.length);
  }

  family('agent_tool_call_latency_seconds', 'summary', 'Nearest-rank latency percentiles of the run, by tool.');
  for (const tool of metrics.tools) {
    const { p50, p95, p99 } = tool.latencyMs;
    for (const [quantile, value] of [
      ['0.5', p50],
      ['0.95', p95],
      ['0.99', p99],
    ] as const) {
      sample('agent_tool_call_latency_seconds', { tool_name: tool.name, quantile }, value / 1000);
    }
    sample('agent_tool_call_latency_seconds_sum', { tool_name: tool.name }, tool.durationsMs.reduce((sum, value) => sum + value, 0) / 1000);
    sample('agent_tool_call_latency_seconds_count', { tool_name: tool.name }, tool.durationsMs.length);
  }

  family('agent_tool_retries_total', 'counter', 'Retries scheduled after a transient failure, by tool.');
  for (const tool of metrics.tools) sample('agent_tool_retries_total', { tool_name: tool.name }, tool.retries);

  family('agent_tool_peak_concurrency', 'gauge', 'Most calls running at once during the run, by tool (no label: all tools).');
  sample('agent_tool_peak_concurrency', {}, metrics.peakConcurrency);
  for (const tool of metrics.tools) sample('agent_tool_peak_concurrency', { tool_name: tool.name }, tool.peakConcurrency);

  family('agent_tool_concurrency', 'gauge', 'Tool calls running at the end of the recorded events.');
  sample('agent_tool_concurrency', {}, metrics.totals.running);

  family('agent_tool_queued_calls', 'gauge', 'Tool calls waiting for a concurrency slot at the end of the recorded events.');
  sample('agent_tool_queued_calls', {}, metrics.totals.queued);

  return `${lines.join('\n')}\n`;
}
