// The executor's live metrics (its MetricsRecorder) in the Prometheus text format, via PrometheusWriter.
import { PrometheusWriter } from './prometheus-writer.ts';
import type { MetricsRecorder } from './metrics.ts';

// Map keys never tie, so a key is either before the other or after it.
// Stryker disable next-line EqualityOperator: only at a tie would "<=" differ from "<".
const byKey = <T>([left]: [string, T], [right]: [string, T]) => (left < right ? -1 : 1);

export function toPrometheus(recorder: MetricsRecorder): string {
  const out = new PrometheusWriter();
  const tools = [...recorder.series.entries()].sort(byKey);

  out.family('agent_tool_calls_total', 'counter', 'Tool calls that finished, by tool, status and (for versioned tools) version.');
  for (const [tool, series] of tools) {
    // Versioned calls get a version label so a canary can be compared with its stable version; calls of
    // unversioned tools keep the label set they always had.
    let unversionedCalls = series.calls;
    let unversionedSuccesses = series.successes;
    for (const [version, counts] of [...series.byVersion.entries()].sort(byKey)) {
      out.sample('agent_tool_calls_total', { tool_name: tool, status: 'success', version }, counts.successes);
      out.sample('agent_tool_calls_total', { tool_name: tool, status: 'error', version }, counts.calls - counts.successes);
      unversionedCalls -= counts.calls;
      unversionedSuccesses -= counts.successes;
    }
    if (series.byVersion.size > 0 && unversionedCalls === 0) continue;
    out.sample('agent_tool_calls_total', { tool_name: tool, status: 'success' }, unversionedSuccesses);
    out.sample('agent_tool_calls_total', { tool_name: tool, status: 'error' }, unversionedCalls - unversionedSuccesses);
  }

  out.family('agent_tool_errors_total', 'counter', 'Tool calls that ended in an error, by tool and error kind.');
  for (const [tool, series] of tools) {
    for (const [kind, count] of Object.entries(series.errors).sort())
      out.sample('agent_tool_errors_total', { tool_name: tool, kind }, count ?? 0);
  }

  out.family('agent_tool_call_duration_seconds', 'histogram', 'Time a tool call ran, retries included, queue time excluded.');
  for (const [tool, series] of tools) {
    out.durationHistogram(
      'agent_tool_call_duration_seconds',
      { tool_name: tool },
      { cumulativeCounts: series.bucketCounts, count: series.calls, sumSeconds: series.durationSumSeconds },
    );
  }

  out.family('agent_tool_retries_total', 'counter', 'Retries scheduled after a transient failure, by tool.');
  for (const [tool, series] of tools) out.sample('agent_tool_retries_total', { tool_name: tool }, series.retries);

  out.family('agent_tool_concurrency', 'gauge', 'Tool calls running right now.');
  out.sample('agent_tool_concurrency', {}, recorder.concurrency);

  out.family('agent_tool_queued_calls', 'gauge', 'Tool calls waiting for a concurrency slot right now.');
  out.sample('agent_tool_queued_calls', {}, recorder.queued);

  out.family(
    'agent_tool_discovery_hits_total',
    'counter',
    'Tools the model called while discovery chose the offer: matched="true" if it had been offered.',
  );
  out.sample('agent_tool_discovery_hits_total', { matched: 'true' }, recorder.discovery.hits);
  out.sample('agent_tool_discovery_hits_total', { matched: 'false' }, recorder.discovery.misses);
  return out.text();
}
