import type { LatencySummary, MetricsSnapshot, ToolMetrics, VersionMetrics } from './metrics-snapshot.ts';
import type { ErrorKind } from './tool-error.ts';
import type { ToolCallResult } from './tool-result.ts';
import { errorOf } from './results.ts';

/**
 * Histogram upper bounds in seconds (plus the implicit +Inf): Prometheus's default buckets, which start at
 * 5 ms, as tool calls often take a few milliseconds, and 30 s for the slow ones a deadline still allows.
 */
export const durationBucketsSeconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

/** Percentiles are computed over this many most recent calls per tool, so memory stays bounded. */
export const latencyWindow = 1000;

/** Calls to names that are not registered are counted under one label: model-invented names must not
 * create unbounded metric series. */
export const unknownToolLabel = '(unknown)';

export interface ToolSeries {
  calls: number;
  successes: number;
  errors: Partial<Record<ErrorKind, number>>;
  retries: number;
  /** Cumulative counts per bucket of `durationBucketsSeconds` (Prometheus semantics). */
  bucketCounts: number[];
  durationSumSeconds: number;
  recentDurationsMs: number[];
  recentNext: number;
  /** Calls of versioned tools, by the version that served them (a canary is judged against its stable). */
  byVersion: Map<string, VersionMetrics>;
}

export class MetricsRecorder {
  readonly series = new Map<string, ToolSeries>();
  concurrency = 0;
  peakConcurrency = 0;
  queued = 0;
  /** Calls the model made to a tool discovery had offered it (hits) or not (misses). */
  readonly discovery = { hits: 0, misses: 0 };

  callStarted(): void {
    this.concurrency++;
    // Stryker disable next-line EqualityOperator: at a tie the peak is set to the value it already has.
    if (this.concurrency > this.peakConcurrency) this.peakConcurrency = this.concurrency;
  }

  callFinishedRunning(): void {
    this.concurrency--;
  }

  retry(toolName: string): void {
    this.seriesFor(toolName).retries++;
  }

  record(result: ToolCallResult): void {
    const error = errorOf(result);
    const series = this.seriesFor(error?.kind === 'unknown_tool' ? unknownToolLabel : result.name);
    series.calls++;
    if (error) series.errors[error.kind] = (series.errors[error.kind] ?? 0) + 1;
    else series.successes++;
    const seconds = result.durationMs / 1000;
    series.durationSumSeconds += seconds;
    // Prometheus buckets are "less than or equal": a call of exactly 1 s counts in the le="1" bucket.
    // Stryker disable next-line EqualityOperator: one step past the end compares with undefined, which counts nothing.
    for (let index = 0; index < durationBucketsSeconds.length; index++)
      if (seconds <= (durationBucketsSeconds[index] as number)) series.bucketCounts[index] = (series.bucketCounts[index] as number) + 1;
    if (result.version !== undefined && error?.kind !== 'unknown_tool') {
      let version = series.byVersion.get(result.version);
      if (!version) series.byVersion.set(result.version, (version = { calls: 0, successes: 0, errors: {} }));
      version.calls++;
      if (error) version.errors[error.kind] = (version.errors[error.kind] ?? 0) + 1;
      else version.successes++;
    }
    // A ring: it fills up to the window, then the oldest duration is overwritten.
    series.recentDurationsMs[series.recentNext] = result.durationMs;
    series.recentNext = (series.recentNext + 1) % latencyWindow;
  }

  snapshot(): MetricsSnapshot {
    const tools: Record<string, ToolMetrics> = {};
    const totals = { calls: 0, successes: 0, errors: 0, retries: 0 };
    for (const [name, series] of this.series) {
      const errorCount = Object.values(series.errors).reduce((sum, count) => sum + (count ?? 0), 0);
      tools[name] = {
        calls: series.calls,
        successes: series.successes,
        errors: { ...series.errors },
        retries: series.retries,
        latencyMs: summarize(series.recentDurationsMs),
        ...(series.byVersion.size === 0 ? {} : { byVersion: versionsSnapshot(series.byVersion) }),
      };
      totals.calls += series.calls;
      totals.successes += series.successes;
      totals.errors += errorCount;
      totals.retries += series.retries;
    }
    return {
      concurrency: this.concurrency,
      peakConcurrency: this.peakConcurrency,
      queued: this.queued,
      totals,
      tools,
      discovery: { ...this.discovery },
    };
  }

  private seriesFor(name: string): ToolSeries {
    let series = this.series.get(name);
    if (!series) {
      series = {
        calls: 0,
        successes: 0,
        errors: {},
        retries: 0,
        bucketCounts: durationBucketsSeconds.map(() => 0),
        durationSumSeconds: 0,
        recentDurationsMs: [],
        recentNext: 0,
        byVersion: new Map(),
      };
      this.series.set(name, series);
    }
    return series;
  }
}

function versionsSnapshot(byVersion: ReadonlyMap<string, VersionMetrics>): Record<string, VersionMetrics> {
  const snapshot: Record<string, VersionMetrics> = {};
  for (const [version, metrics] of byVersion) snapshot[version] = { ...metrics, errors: { ...metrics.errors } };
  return snapshot;
}

/** Nearest-rank percentiles: every reported value is one that was actually observed. */
export function summarize(durations: readonly number[]): LatencySummary {
  if (durations.length === 0) return { count: 0, p50: 0, p95: 0, p99: 0 };
  const sorted = [...durations].sort((left, right) => left - right);
  const rank = (percentile: number): number =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1))] as number;
  return { count: sorted.length, p50: rank(50), p95: rank(95), p99: rank(99) };
}
