// Forks listed with the run they branched from: a run and its branches read as one group, so a person
// sees which runs are versions of the same one and where each branch left its parent. Pure, so the list
// and its tests agree, and a damaged record (a parent that is gone, a loop of parents) cannot hang it.
import type { StoredRunSummary } from './stored-run.ts';

export interface BranchRow {
  run: StoredRunSummary;
  /** 0 for a run listed on its own; 1 for a fork of it, 2 for a fork of that fork… */
  depth: number;
  /** The listed run it branched from, or null. */
  parent: StoredRunSummary | null;
  /** A fork whose parent is not listed (deleted, or left out by the filters). */
  parentMissing: boolean;
  /** Forks listed under this run (any depth). */
  branchCount: number;
}

/**
 * Every run once: runs that are not forks of a listed run keep the given order (newest first), and each
 * is followed by its forks, oldest first, each fork followed by its own.
 */
export function branchRows(runs: readonly StoredRunSummary[]): BranchRow[] {
  const byId = new Map(runs.map((run) => [run.id, run]));
  const children = new Map<string, StoredRunSummary[]>();
  const listedParent = (run: StoredRunSummary) => (run.parentRunId && run.parentRunId !== run.id ? byId.get(run.parentRunId) : undefined);
  for (const run of runs) {
    const parent = listedParent(run);
    if (parent) children.set(parent.id, [...(children.get(parent.id) ?? []), run]);
  }
  for (const list of children.values()) list.sort((left, right) => left.startedAt - right.startedAt);

  const rows: BranchRow[] = [];
  const placed = new Set<string>();
  const place = (run: StoredRunSummary, depth: number, parent: StoredRunSummary | null): number => {
    if (placed.has(run.id)) return 0;
    placed.add(run.id);
    const row: BranchRow = { run, depth, parent, parentMissing: !parent && !!run.parentRunId, branchCount: 0 };
    rows.push(row);
    for (const child of children.get(run.id) ?? []) row.branchCount += place(child, depth + 1, run);
    return row.branchCount + 1;
  };
  for (const run of runs) if (!listedParent(run)) place(run, 0, null);
  // Runs whose parents form a loop (only a damaged record can do that) have no root: list them anyway.
  for (const run of runs) if (!placed.has(run.id)) place(run, 0, null);
  return rows;
}
