// A recorded run's metrics in the Prometheus text exposition format. Family names and labels match
// core's executor export (core/prometheus.ts), and both write through core's PrometheusWriter; core's
// export reads the executor's live recorder, which a run's events do not fill, so the folds differ.
import { durationBucketsSeconds, PrometheusWriter } from '../core/index.ts';
import type { RunMetrics } from './run-metrics.ts';

const toSeconds = (milliseconds: number) => milliseconds / 1000;

export function metricsToPrometheus(metrics: RunMetrics): string {
  const out = new PrometheusWriter();

  out.family('agent_tool_calls_total', 'counter', 'Tool calls that finished, by tool, status and (for versioned tools) version.');
  for (const tool of metrics.tools) {
    // As the live export (core/prometheus.ts) writes them: versioned calls with their version, so a canary
    // can be compared with its stable version; calls of unversioned tools with the label set they always had.
    let calls = tool.calls;
    let successes = tool.successes;
    const versions = metrics.versions
      .filter((row) => row.tool === tool.name)
      .sort((left, right) => (left.version < right.version ? -1 : 1));
    for (const row of versions) {
      out.sample('agent_tool_calls_total', { tool_name: tool.name, status: 'success', version: row.version }, row.successes);
      out.sample('agent_tool_calls_total', { tool_name: tool.name, status: 'error', version: row.version }, row.calls - row.successes);
      calls -= row.calls;
      successes -= row.successes;
    }
    if (versions.length > 0 && calls === 0) continue;
    out.sample('agent_tool_calls_total', { tool_name: tool.name, status: 'success' }, successes);
    out.sample('agent_tool_calls_total', { tool_name: tool.name, status: 'error' }, calls - successes);
  }

  out.family('agent_tool_errors_total', 'counter', 'Tool calls that ended in an error, by tool and error kind.');
  for (const tool of metrics.tools) {
    for (const [kind, count] of Object.entries(tool.errors).sort())
      out.sample('agent_tool_errors_total', { tool_name: tool.name, kind }, count ?? 0);
  }

  out.family('agent_tool_call_duration_seconds', 'histogram', 'Time a tool call ran, retries included, queue time excluded.');
  for (const tool of metrics.tools) {
    const seconds = tool.durationsMs.map(toSeconds);
    out.durationHistogram(
      'agent_tool_call_duration_seconds',
      { tool_name: tool.name },
      {
        cumulativeCounts: durationBucketsSeconds.map((bound) => seconds.filter((value) => value <= bound).length),
        count: seconds.length,
        sumSeconds: seconds.reduce((sum, value) => sum + value, 0),
      },
    );
  }

  out.family('agent_tool_call_latency_seconds', 'summary', 'Nearest-rank latency percentiles of the run, by tool.');
  for (const tool of metrics.tools) {
    const { p50, p95, p99 } = tool.latencyMs;
    out.sample('agent_tool_call_latency_seconds', { tool_name: tool.name, quantile: '0.5' }, toSeconds(p50));
    out.sample('agent_tool_call_latency_seconds', { tool_name: tool.name, quantile: '0.95' }, toSeconds(p95));
    out.sample('agent_tool_call_latency_seconds', { tool_name: tool.name, quantile: '0.99' }, toSeconds(p99));
    out.sample(
      'agent_tool_call_latency_seconds_sum',
      { tool_name: tool.name },
      toSeconds(tool.durationsMs.reduce((sum, value) => sum + value, 0)),
    );
    out.sample('agent_tool_call_latency_seconds_count', { tool_name: tool.name }, tool.durationsMs.length);
  }

  out.family('agent_tool_retries_total', 'counter', 'Retries scheduled after a transient failure, by tool.');
  for (const tool of metrics.tools) out.sample('agent_tool_retries_total', { tool_name: tool.name }, tool.retries);

  out.family('agent_tool_peak_concurrency', 'gauge', 'Most calls running at once during the run, by tool (no label: all tools).');
  out.sample('agent_tool_peak_concurrency', {}, metrics.peakConcurrency);
  for (const tool of metrics.tools) out.sample('agent_tool_peak_concurrency', { tool_name: tool.name }, tool.peakConcurrency);

  out.family('agent_tool_concurrency', 'gauge', 'Tool calls running at the end of the recorded events.');
  out.sample('agent_tool_concurrency', {}, metrics.totals.running);

  out.family('agent_tool_queued_calls', 'gauge', 'Tool calls waiting for a concurrency slot at the end of the recorded events.');
  out.sample('agent_tool_queued_calls', {}, metrics.totals.queued);
  return out.text();
}
