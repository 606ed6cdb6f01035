// Per-tool metrics of one run, from its events. Core keeps metrics per executor, but the app builds a
// fresh executor for every run (and a loaded file has no executor at all), so the metrics view derives
// them from the events instead; percentiles use core's `summarize`, so both agree on the method.
import { summarize, unknownToolLabel, type ErrorKind, type LatencySummary, errorOf } from '../core/index.ts';
import type { CallRow, TimelineModel } from './timeline-types.ts';

export interface ToolRunMetrics {
  name: string;
  /** Calls that finished. */
  calls: number;
  successes: number;
  /** successes / calls; 0 with no calls. */
  successRate: number;
  errors: Partial<Record<ErrorKind, number>>;
  /** Retries scheduled (attempts beyond the first). */
  retries: number;
  /** Share of finished calls that were retried at least once. */
  retryRate: number;
  /** Running time (queue excluded, retries included), as core measures `durationMs`. */
  latencyMs: LatencySummary;
  durationsMs: number[];
  /** Calls of this tool running at once, at most. */
  peakConcurrency: number;
  running: number;
  queued: number;
}

/** One tool's calls served by one version (ToolCallResult.version): a canary's error rate beside the stable one's. */
export interface VersionRunMetrics {
  tool: string;
  version: string;
  /** Calls that finished on this version. */
  calls: number;
  successes: number;
  errors: number;
  /** errors / calls; 0 with no calls. */
  errorRate: number;
  errorsByKind: Partial<Record<ErrorKind, number>>;
}

export interface RunMetrics {
  tools: ToolRunMetrics[];
  /** By (tool, version), for calls of versioned tools only; empty when no tool has versions. */
  versions: VersionRunMetrics[];
  totals: { calls: number; successes: number; errors: number; retries: number; running: number; queued: number };
  /** Calls of any tool running at once, at most (the lanes used). */
  peakConcurrency: number;
}

function peakOf(calls: readonly CallRow[]): number {
  const changes: [number, number][] = [];
  for (const call of calls) {
    if (call.startedAt === undefined) continue;
    changes.push([call.startedAt, 1]);
    if (call.endedAt !== undefined) changes.push([call.endedAt, -1]);
  }
  // At equal times a call ending frees its slot before the next one takes it.
  changes.sort((left, right) => left[0] - right[0] || left[1] - right[1]);
  let current = 0;
  let peak = 0;
  for (const [, change] of changes) peak = Math.max(peak, (current += change));
  return peak;
}

function toolMetrics(name: string, calls: readonly CallRow[]): ToolRunMetrics {
  const finished = calls.filter((call) => call.result !== undefined);
  const errors: Partial<Record<ErrorKind, number>> = {};
  let successes = 0;
  let retries = 0;
  let retried = 0;
  for (const call of finished) {
    const kind = errorOf(call.result)?.kind;
    if (call.result?.status === 'success') successes++;
    else if (kind) errors[kind] = (errors[kind] ?? 0) + 1;
  }
  for (const call of calls) {
    const scheduled = call.attempts.filter((attempt) => attempt.retryDelayMs !== undefined).length;
    retries += scheduled;
    if (scheduled > 0 && call.result) retried++;
  }
  const durationsMs = finished.map((call) => call.result?.durationMs ?? 0);
  const count = finished.length;
  return {
    name,
    calls: count,
    successes,
    successRate: count ? successes / count : 0,
    errors,
    retries,
    retryRate: count ? retried / count : 0,
    latencyMs: summarize(durationsMs),
    durationsMs,
    peakConcurrency: peakOf(calls),
    running: calls.filter((call) => call.startedAt !== undefined && call.endedAt === undefined).length,
    queued: calls.filter((call) => call.startedAt === undefined && call.endedAt === undefined).length,
  };
}

function addToVersion(rows: Map<string, VersionRunMetrics>, call: CallRow): void {
  const result = call.result;
  if (!result?.version) return;
  const key = `${call.name}\u0000${result.version}`;
  let row = rows.get(key);
  if (!row) {
    row = { tool: call.name, version: result.version, calls: 0, successes: 0, errors: 0, errorRate: 0, errorsByKind: {} };
    rows.set(key, row);
  }
  row.calls++;
  if (result.status === 'success') row.successes++;
  else {
    row.errors++;
    const kind = result.error?.kind;
    if (kind) row.errorsByKind[kind] = (row.errorsByKind[kind] ?? 0) + 1;
  }
  row.errorRate = row.errors / row.calls;
}

const byToolThenVersion = (left: VersionRunMetrics, right: VersionRunMetrics) =>
  left.tool.localeCompare(right.tool) || left.version.localeCompare(right.version, undefined, { numeric: true });

/** One fold of a run's calls: per tool, per (tool, version), and the totals. */
export function runMetrics(model: TimelineModel): RunMetrics {
  const byTool = new Map<string, CallRow[]>();
  const byVersion = new Map<string, VersionRunMetrics>();
  for (const call of model.calls) {
    addToVersion(byVersion, call);
    // Model-invented names must not create one series each (as in core's metrics).
    const name = errorOf(call.result)?.kind === 'unknown_tool' ? unknownToolLabel : call.name;
    const list = byTool.get(name);
    if (list) list.push(call);
    else byTool.set(name, [call]);
  }
  const tools = [...byTool.entries()]
    .map(([name, calls]) => toolMetrics(name, calls))
    .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  const totals = { calls: 0, successes: 0, errors: 0, retries: 0, running: 0, queued: 0 };
  for (const tool of tools) {
    totals.calls += tool.calls;
    totals.successes += tool.successes;
    totals.errors += tool.calls - tool.successes;
    totals.retries += tool.retries;
    totals.running += tool.running;
    totals.queued += tool.queued;
  }
  return { tools, versions: [...byVersion.values()].sort(byToolThenVersion), totals, peakConcurrency: peakOf(model.calls) };
}
