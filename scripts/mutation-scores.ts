// Scores from a StrykerJS JSON report (mutation-testing-report-schema), per file and for the whole
// report, as the issue counts them: killed + timeout over every mutant that ran or could not run for
// want of a test (no coverage included); ignored mutants and compile errors do not count.

export interface MutantResult {
  status: string;
}

export interface MutationReport {
  files: Record<string, { mutants: MutantResult[] }>;
}

export interface Score {
  file: string;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  total: number;
  /** Percent, one decimal; NaN when nothing counted. */
  score: number;
}

const detected = new Set(['Killed', 'Timeout']);
const undetected = new Set(['Survived', 'NoCoverage']);

function scoreOf(file: string, mutants: readonly MutantResult[]): Score {
  const count = (status: string) => mutants.filter((mutant) => mutant.status === status).length;
  const counted = mutants.filter((mutant) => detected.has(mutant.status) || undetected.has(mutant.status)).length;
  const found = count('Killed') + count('Timeout');
  return {
    file,
    killed: count('Killed'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    timeout: count('Timeout'),
    total: counted,
    score: counted === 0 ? Number.NaN : Math.round((found / counted) * 1000) / 10,
  };
}

/**
 * One row per file (sorted by path), then a last row named `all` for the whole report. `leftOut` are
 * files the run no longer mutates: in incremental mode Stryker carries their old results over into the
 * report, and they must not count (the word lists, scripts/mutation.ts).
 */
export function mutationScores(report: MutationReport, leftOut: readonly string[] = []): Score[] {
  const files = Object.entries(report.files).filter(([file]) => !leftOut.includes(file));
  const rows = files.sort(([first], [second]) => first.localeCompare(second)).map(([file, { mutants }]) => scoreOf(file, mutants));
  const everything = files.flatMap(([, { mutants }]) => mutants);
  return [...rows, scoreOf('all', everything)];
}

export function formatScores(rows: readonly Score[]): string {
  const header = 'score  killed timeout survived no-cov file';
  const lines = rows.map((row) =>
    [
      (Number.isNaN(row.score) ? '-' : row.score.toFixed(1)).padStart(5),
      String(row.killed).padStart(7),
      String(row.timeout).padStart(7),
      String(row.survived).padStart(8),
      String(row.noCoverage).padStart(6),
      ` ${row.file}`,
    ].join(''),
  );
  return [header, ...lines].join('\n');
}
