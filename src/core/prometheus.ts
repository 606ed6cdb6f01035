import { durationBucketsSeconds, type MetricsRecorder } from './metrics.ts';

// Prometheus text exposition format 0.0.4: HELP/TYPE once per family, then its samples.

/** Escapes a label value: backslash, double quote and newline, as the format requires. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** `{name="value",…}` with escaped values; empty for no labels. */
export function prometheusLabels(pairs: Record<string, string>): string {
  const rendered = Object.entries(pairs).map(([key, value]) => `${key}="${escapeLabelValue(value)}"`);
  return rendered.length > 0 ? `{${rendered.join(',')}}` : '';
}

function family(lines: string[], name: string, type: 'counter' | 'gauge' | 'histogram', help: string): void {
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
}

function number(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

export function toPrometheus(recorder: MetricsRecorder): string {
  const lines: string[] = [];
  const tools = [...recorder.series.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));

  family(lines, 'agent_tool_calls_total', 'counter', 'Tool calls that finished, by tool, status and (for versioned tools) version.');
  for (const [tool, series] of tools) {
    // Versioned calls get a version label so a canary can be compared with its stable version; calls of
    // unversioned tools keep the label set they always had.
    let unversionedCalls = series.calls;
    let unversionedSuccesses = series.successes;
    for (const [version, counts] of [...series.byVersion.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) {
      lines.push(`agent_tool_calls_total${prometheusLabels({ tool_name: tool, status: 'success', version })} ${counts.successes}`);
      lines.push(
        `agent_tool_calls_total${prometheusLabels({ tool_name: tool, status: 'error', version })} ${counts.calls - counts.successes}`,
      );
      unversionedCalls -= counts.calls;
      unversionedSuccesses -= counts.successes;
    }
    if (series.byVersion.size > 0 && unversionedCalls === 0) continue;
    lines.push(`agent_tool_calls_total${prometheusLabels({ tool_name: tool, status: 'success' })} ${unversionedSuccesses}`);
    lines.push(
      `agent_tool_calls_total${prometheusLabels({ tool_name: tool, status: 'error' })} ${unversionedCalls - unversionedSuccesses}`,
    );
  }

  family(lines, 'agent_tool_errors_total', 'counter', 'Tool calls that ended in an error, by tool and error kind.');
  for (const [tool, series] of tools) {
    for (const [kind, count] of Object.entries(series.errors).sort()) {
      lines.push(`agent_tool_errors_total${prometheusLabels({ tool_name: tool, kind })} ${count ?? 0}`);
    }
  }

  family(lines, 'agent_tool_call_duration_seconds', 'histogram', 'Time a tool call ran, retries included, queue time excluded.');
  for (const [tool, series] of tools) {
    durationBucketsSeconds.forEach((bound, index) => {
      lines.push(
        `agent_tool_call_duration_seconds_bucket${prometheusLabels({ tool_name: tool, le: String(bound) })} ${series.bucketCounts[index] ?? 0}`,
      );
    });
    lines.push(`agent_tool_call_duration_seconds_bucket${prometheusLabels({ tool_name: tool, le: '+Inf' })} ${series.calls}`);
    lines.push(`agent_tool_call_duration_seconds_sum${prometheusLabels({ tool_name: tool })} ${number(series.durationSumSeconds)}`);
    lines.push(`agent_tool_call_duration_seconds_count${prometheusLabels({ tool_name: tool })} ${series.calls}`);
  }

  family(lines, 'agent_tool_retries_total', 'counter', 'Retries scheduled after a transient failure, by tool.');
  for (const [tool, series] of tools) lines.push(`agent_tool_retries_total${prometheusLabels({ tool_name: tool })} ${series.retries}`);

  family(lines, 'agent_tool_concurrency', 'gauge', 'Tool calls running right now.');
  lines.push(`agent_tool_concurrency ${recorder.concurrency}`);

  family(lines, 'agent_tool_queued_calls', 'gauge', 'Tool calls waiting for a concurrency slot right now.');
  lines.push(`agent_tool_queued_calls ${recorder.queued}`);

  family(
    lines,
    'agent_tool_discovery_hits_total',
    'counter',
    'Tools the model called while discovery chose the offer: matched="true" if it had been offered.',
  );
  lines.push(`agent_tool_discovery_hits_total${prometheusLabels({ matched: 'true' })} ${recorder.discovery.hits}`);
  lines.push(`agent_tool_discovery_hits_total${prometheusLabels({ matched: 'false' })} ${recorder.discovery.misses}`);

  return `${lines.join('\n')}\n`;
}
