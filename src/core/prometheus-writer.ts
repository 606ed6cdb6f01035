// The Prometheus text exposition format 0.0.4, written in one place: HELP and TYPE once per family, then
// its samples, label values escaped, numbers as the format spells them. The executor's live metrics
// (prometheus.ts) and a recorded run's metrics (trace/prometheus-export.ts) both write through it, so the
// two exports cannot drift apart in syntax.
import { durationBucketsSeconds } from './metrics.ts';

export type PrometheusFamilyType = 'counter' | 'gauge' | 'histogram' | 'summary';
export type PrometheusLabels = Record<string, string>;

/** Escapes a label value: backslash, double quote and newline, as the format requires. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** `{name="value",…}` with escaped values; empty for no labels. */
export function prometheusLabels(pairs: PrometheusLabels): string {
  const rendered = Object.entries(pairs).map(([key, value]) => `${key}="${escapeLabelValue(value)}"`);
  return rendered.length > 0 ? `{${rendered.join(',')}}` : '';
}

/** String() already spells NaN as the format does; the infinities differ. */
function formatNumber(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** One duration histogram series: cumulative counts per bound of `durationBucketsSeconds`. */
export interface DurationHistogram {
  cumulativeCounts: readonly number[];
  count: number;
  sumSeconds: number;
}

export class PrometheusWriter {
  private readonly lines: string[] = [];

  family(name: string, type: PrometheusFamilyType, help: string): this {
    this.lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    return this;
  }

  sample(name: string, labels: PrometheusLabels, value: number): this {
    this.lines.push(`${name}${prometheusLabels(labels)} ${formatNumber(value)}`);
    return this;
  }

  /** The `_bucket` (one per bound, then +Inf), `_sum` and `_count` samples of one histogram series. */
  durationHistogram(name: string, labels: PrometheusLabels, histogram: DurationHistogram): this {
    durationBucketsSeconds.forEach((bound, index) =>
      this.sample(`${name}_bucket`, { ...labels, le: String(bound) }, histogram.cumulativeCounts[index] ?? 0),
    );
    this.sample(`${name}_bucket`, { ...labels, le: '+Inf' }, histogram.count);
    this.sample(`${name}_sum`, labels, histogram.sumSeconds);
    return this.sample(`${name}_count`, labels, histogram.count);
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}
