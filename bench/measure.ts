// Tiny benchmark harness: each comparison runs a baseline and a candidate in the same process, with
// warm-up, interleaved rounds (so drift in machine load hits both alike) and the median per operation.

export interface Variant {
  label: string;
  /** Performs `operations` operations. */
  run(operations: number): Promise<void> | void;
}

export interface Comparison {
  name: string;
  /** What one operation is, for the table: "call", "batch of 1,000"... */
  unit: string;
  baseline: Variant;
  candidate: Variant;
  /** Issue 30's bound on the ratio, printed beside it. */
  target?: number;
}

/** A figure measured once per run (not a ratio of two variants), printed beside its target. */
export interface Figure {
  suite: string;
  name: string;
  value: number;
  unit: 'ms' | 'x';
  /** The figure meets its target when it is at most this. */
  target: number;
  /** How it was measured, in a few words (sizes, samples). */
  detail?: string;
}

export interface Suite {
  name: string;
  comparisons: Comparison[];
  /**
   * `cpu`: this process's CPU time (user + system), for work done in this process: on a machine shared
   * with other jobs it is far steadier than wall time, which counts the time another process held
   * the core. `wall` (default): for work done elsewhere (a browser) while this process waits.
   */
  clock?: 'cpu' | 'wall';
  /** Frees what the suite set up (servers, connections), so the process can exit. */
  teardown?(): Promise<void>;
  /** Longer or more rounds for noisy measurements (network round trips). */
  options?: Partial<MeasureOptions>;
  /** Figures measured once each (the scale rows), after the comparisons. */
  figures?(): Promise<Figure[]>;
}

export interface Measured {
  suite: string;
  comparison: Comparison;
  baselineNsPerOperation: number;
  candidateNsPerOperation: number;
  ratio: number;
}

export interface MeasureOptions {
  /** Target time for one round of one variant. */
  roundMs: number;
  rounds: number;
  warmupRounds: number;
}

export const defaultMeasureOptions: MeasureOptions = { roundMs: 120, rounds: 9, warmupRounds: 2 };

type ClockKind = NonNullable<Suite['clock']>;

/** Milliseconds of the chosen clock. */
function readClock(clock: ClockKind): number {
  if (clock === 'wall') return performance.now();
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

async function timeRun(variant: Variant, operations: number, clock: ClockKind): Promise<number> {
  const start = readClock(clock);
  await variant.run(operations);
  return readClock(clock) - start;
}

/** Finds how many operations fill about `roundMs`, doubling from 1. */
async function calibrate(variant: Variant, roundMs: number, clock: ClockKind): Promise<number> {
  let operations = 1;
  for (;;) {
    const elapsed = await timeRun(variant, operations, clock);
    if (elapsed >= roundMs / 4 || operations >= 1 << 24) return Math.max(1, Math.round((operations * roundMs) / Math.max(elapsed, 0.001)));
    operations *= 2;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export async function measure(
  suite: string,
  comparison: Comparison,
  options: MeasureOptions = defaultMeasureOptions,
  clock: ClockKind = 'wall',
): Promise<Measured> {
  const baselineOperations = await calibrate(comparison.baseline, options.roundMs, clock);
  const candidateOperations = await calibrate(comparison.candidate, options.roundMs, clock);
  const baselineSamples: number[] = [];
  const candidateSamples: number[] = [];
  for (let round = 0; round < options.warmupRounds + options.rounds; round++) {
    const baselineMs = await timeRun(comparison.baseline, baselineOperations, clock);
    const candidateMs = await timeRun(comparison.candidate, candidateOperations, clock);
    if (round < options.warmupRounds) continue;
    baselineSamples.push((baselineMs * 1e6) / baselineOperations);
    candidateSamples.push((candidateMs * 1e6) / candidateOperations);
  }
  const baselineNsPerOperation = median(baselineSamples);
  const candidateNsPerOperation = median(candidateSamples);
  return { suite, comparison, baselineNsPerOperation, candidateNsPerOperation, ratio: candidateNsPerOperation / baselineNsPerOperation };
}

export function formatDuration(nanoseconds: number): string {
  if (nanoseconds >= 1e6) return `${(nanoseconds / 1e6).toFixed(2)} ms`;
  if (nanoseconds >= 1e3) return `${(nanoseconds / 1e3).toFixed(2)} µs`;
  return `${nanoseconds.toFixed(0)} ns`;
}

export function formatTable(rows: readonly Measured[]): string {
  const header = ['suite', 'comparison', 'per', 'baseline', 'candidate', 'ratio'];
  const body = rows.map((row) => [
    row.suite,
    row.comparison.name,
    row.comparison.unit,
    `${formatDuration(row.baselineNsPerOperation)} (${row.comparison.baseline.label})`,
    `${formatDuration(row.candidateNsPerOperation)} (${row.comparison.candidate.label})`,
    `${row.ratio.toFixed(2)}x`,
  ]);
  return table(header, body);
}

function formatFigure(value: number, unit: Figure['unit']): string {
  return unit === 'x' ? `${value.toFixed(2)}x` : `${value.toFixed(1)} ms`;
}

/**
 * Whether a figure meets its target, compared at the precision it was measured in: the page's clock
 * (performance.now) has a resolution no finer than 5 µs, so a difference of two of its readings carries
 * float noise below that (16.70 read as 16.700000000000045). Rounded to a microsecond, the target is
 * exactly what it says.
 */
export function meetsTarget(value: number, target: number, unit: Figure['unit']): boolean {
  return (unit === 'ms' ? Math.round(value * 1000) / 1000 : value) <= target;
}

/** Every comparison with a target and every figure, each beside its target. */
export function formatTargets(rows: readonly Measured[], figures: readonly Figure[]): string {
  const lines = [
    ...rows.flatMap((row) =>
      row.comparison.target === undefined
        ? []
        : [
            {
              suite: row.suite,
              name: row.comparison.name,
              value: row.ratio,
              unit: 'x' as const,
              target: row.comparison.target,
              detail: 'ratio',
            },
          ],
    ),
    ...figures,
  ];
  if (lines.length === 0) return '';
  const header = ['suite', 'figure', 'value', 'target', 'met', 'how'];
  const body = lines.map((line) => [
    line.suite,
    line.name,
    formatFigure(line.value, line.unit),
    `<= ${formatFigure(line.target, line.unit)}`,
    meetsTarget(line.value, line.target, line.unit) ? 'met' : Number.isNaN(line.value) ? 'FAILED' : 'MISSED',
    line.detail ?? '',
  ]);
  return table(header, body);
}

function table(header: readonly string[], body: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...body.map(line)].join('\n');
}
