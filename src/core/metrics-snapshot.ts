// What the executor counts, as `metrics()` returns it (metrics.ts keeps the counts).
import type { ErrorKind } from './tool-error.ts';

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface ToolMetrics {
  calls: number;
  successes: number;
  errors: Partial<Record<ErrorKind, number>>;
  retries: number;
  /** Milliseconds, over the most recent calls (bounded window). */
  latencyMs: LatencySummary;
  /** The same counts split by the version that served the call; present once a versioned call ended. */
  byVersion?: Record<string, VersionMetrics>;
}

export interface VersionMetrics {
  calls: number;
  successes: number;
  errors: Partial<Record<ErrorKind, number>>;
}

/** Tool calls the model made while discovery chose what to offer: `hits` were offered, `misses` were not. */
export interface DiscoveryMetrics {
  hits: number;
  misses: number;
}

export interface MetricsSnapshot {
  /** Calls running right now. */
  concurrency: number;
  peakConcurrency: number;
  /** Calls waiting for a slot right now. */
  queued: number;
  totals: { calls: number; successes: number; errors: number; retries: number };
  tools: Record<string, ToolMetrics>;
  /** Always set by the executor; optional so that snapshots built elsewhere stay valid. */
  discovery?: DiscoveryMetrics;
}
