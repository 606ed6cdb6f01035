// Calls of one run split by the version that served them (ToolCallResult.version), so a canary that
// fails more often than the stable version shows as its own row. Kept apart from runMetrics: only runs
// of versioned tools have anything to split, and the per-tool table stays as it is.
import type { ErrorKind } from '../core/index.ts';
import type { TimelineModel } from './timeline-types.ts';

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

const byToolThenVersion = (left: VersionRunMetrics, right: VersionRunMetrics) =>
  left.tool.localeCompare(right.tool) || left.version.localeCompare(right.version, undefined, { numeric: true });

/** One row per (tool, version) with finished calls; calls of unversioned tools are left out. */
export function versionMetrics(model: TimelineModel): VersionRunMetrics[] {
  const rows = new Map<string, VersionRunMetrics>();
  for (const call of model.calls) {
    const result = call.result;
    if (!result?.version) continue;
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
  return [...rows.values()].sort(byToolThenVersion);
}
