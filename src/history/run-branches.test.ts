import { describe, expect, it } from 'vitest';
import { branchRows } from './run-branches.ts';
import type { StoredRunSummary } from './stored-run.ts';
import { testRun } from './stored-runs.test-support.ts';

function summary(id: string, startedAt: number, parentRunId?: string): StoredRunSummary {
  return { ...testRun({ startedAt, title: id }).summary, id, size: 1, ...(parentRunId ? { parentRunId } : {}) };
}

const shape = (runs: StoredRunSummary[]) =>
  branchRows(runs).map((row) => [row.run.id, row.depth, row.parent?.id ?? null, row.parentMissing, row.branchCount]);

describe('branchRows', () => {
  it('lists forks under the run they branched from, oldest branch first, forks of forks deeper', () => {
    // Newest first, as the history lists them.
    const runs = [
      summary('fork-of-fork', 50, 'fork-1'),
      summary('other', 40),
      summary('fork-2', 30, 'root'),
      summary('fork-1', 20, 'root'),
      summary('root', 10),
    ];
    expect(shape(runs)).toEqual([
      ['other', 0, null, false, 0],
      ['root', 0, null, false, 3],
      ['fork-1', 1, 'root', false, 1],
      ['fork-of-fork', 2, 'fork-1', false, 0],
      ['fork-2', 1, 'root', false, 0],
    ]);
  });

  it('lists a fork whose parent is not listed on its own, saying so', () => {
    expect(shape([summary('fork', 20, 'deleted'), summary('plain', 10)])).toEqual([
      ['fork', 0, null, true, 0],
      ['plain', 0, null, false, 0],
    ]);
  });

  it('lists every run once even when damaged records make parents a loop or a run its own parent', () => {
    const rows = branchRows([summary('a', 30, 'b'), summary('b', 20, 'a'), summary('self', 10, 'self')]);
    expect(rows.map((row) => row.run.id).sort()).toEqual(['a', 'b', 'self']);
    expect(rows.find((row) => row.run.id === 'self')).toMatchObject({ depth: 0, parentMissing: true });
  });
});
