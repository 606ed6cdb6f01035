import { describe, expect, it } from 'vitest';
import { keptPicks, pickedPair, togglePick } from './compare-picks.ts';
import type { StoredRunSummary } from './stored-run.ts';
import { testRun } from './stored-runs.test-support.ts';

const runs = ['a', 'b', 'c'].map((id): StoredRunSummary => ({ ...testRun({}).summary, id, size: 1 }));

describe('compare picks', () => {
  it('keeps the last two ticked, and unticks a ticked run', () => {
    let picked = togglePick([], 'a');
    expect(pickedPair(picked, runs)).toBeNull();
    picked = togglePick(picked, 'b');
    expect(pickedPair(picked, runs)).toEqual(['a', 'b']);
    picked = togglePick(picked, 'c');
    expect(picked).toEqual(['b', 'c']);
    expect(togglePick(picked, 'b')).toEqual(['c']);
  });

  it('drops a run deleted since it was ticked', () => {
    const left = runs.filter((run) => run.id !== 'b');
    expect(keptPicks(['a', 'b'], left)).toEqual(['a']);
    expect(pickedPair(['a', 'b'], left)).toBeNull();
  });
});
