// The Runs list's filters, as a pure function so the list and its tests agree on what "matches" means.
import type { StoredRunKind, StoredRunStatus, StoredRunSummary } from './stored-run.ts';

export interface RunFilter {
  /** Part of the title or scenario name, any case; empty matches all. */
  text?: string;
  kind?: StoredRunKind | 'all';
  status?: StoredRunStatus | 'all';
  /** A tool the run had; empty matches all. */
  toolName?: string;
  /** Runs started at or after this epoch ms. */
  since?: number;
}

export function filterRuns(runs: readonly StoredRunSummary[], filter: RunFilter): StoredRunSummary[] {
  const text = filter.text?.trim().toLowerCase() ?? '';
  return runs.filter(
    (run) =>
      (!text || run.title.toLowerCase().includes(text) || (run.scenarioName ?? '').toLowerCase().includes(text)) &&
      (!filter.kind || filter.kind === 'all' || run.kind === filter.kind) &&
      (!filter.status || filter.status === 'all' || run.status === filter.status) &&
      (!filter.toolName || run.toolNames.includes(filter.toolName)) &&
      (filter.since === undefined || run.startedAt >= filter.since),
  );
}
