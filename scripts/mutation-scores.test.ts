import { describe, expect, it } from 'vitest';
import { formatScores, mutationScores } from './mutation-scores.ts';

const mutants = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe('mutationScores', () => {
  it('counts killed and timed-out mutants as found, survivors and uncovered ones as missed, and skips ignored ones', () => {
    const rows = mutationScores({
      files: {
        'src/b.ts': { mutants: mutants('Killed', 'Survived', 'NoCoverage', 'Timeout', 'Ignored', 'CompileError') },
        'src/a.ts': { mutants: mutants('Killed', 'Killed') },
      },
    });
    expect(rows.map((row) => [row.file, row.score, row.total])).toEqual([
      ['src/a.ts', 100, 2],
      ['src/b.ts', 50, 4],
      ['all', 66.7, 6],
    ]);
    expect(formatScores(rows).split('\n')[3]).toBe(' 66.7      3      1       1     1 all');
  });

  it('leaves out the files a run no longer mutates, whose old results an incremental report carries over', () => {
    const report = { files: { 'src/words.ts': { mutants: mutants('Survived', 'Survived') }, 'src/a.ts': { mutants: mutants('Killed') } } };
    expect(mutationScores(report, ['src/words.ts']).map((row) => [row.file, row.score])).toEqual([
      ['src/a.ts', 100],
      ['all', 100],
    ]);
  });

  it('gives no score to a file with nothing counted', () => {
    expect(mutationScores({ files: { 'x.ts': { mutants: mutants('Ignored') } } })[0]?.score).toBeNaN();
  });
});
