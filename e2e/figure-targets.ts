// Issue 30's targets beside the figures `npm run figures` measures, so one command says what is met.
// Each spec prints its `[figure]` line, then one `[target]` line per figure that has a target.

export interface FigureTarget {
  /** The figure's key in the spec's report. */
  figure: string;
  /** Met when the figure is at most this. */
  atMost: number;
  unit: 'ms' | 'kB';
  label: string;
}

export const figureTargets: readonly FigureTarget[] = [
  { figure: 'allToolsValidMedianMs', atMost: 600, unit: 'ms', label: 'navigation → all sample tools valid (median)' },
  { figure: 'shellInteractiveMedianMs', atMost: 300, unit: 'ms', label: 'navigation → shell interactive (median)' },
  { figure: 'firstContentfulPaintMedianMs', atMost: 250, unit: 'ms', label: 'navigation → first contentful paint (median)' },
  { figure: 'entryJsGzipKb', atMost: 120, unit: 'kB', label: 'entry JS, gzip' },
  { figure: 'importToAllValidMs', atMost: 3_000, unit: 'ms', label: 'import of 500 tools → all valid' },
  {
    figure: 'pythonFanOutFirstFourMedianMs',
    atMost: 50,
    unit: 'ms',
    label: 'fan-out of 10 Python calls at limit 4 → first 4 started (median)',
  },
  { figure: 'reloadToAllValidMs', atMost: 1_000, unit: 'ms', label: 'reload of them → all valid' },
];

/** The `[target]` lines for a report: figure, target, met or missed, and the load average it was measured under. */
export function targetLines(report: Record<string, unknown>, loadAverage: readonly number[]): string[] {
  return figureTargets
    .filter((target) => typeof report[target.figure] === 'number')
    .map((target) => {
      const value = report[target.figure] as number;
      const verdict = value <= target.atMost ? 'met' : 'MISSED';
      return `[target] ${target.label}: ${value} ${target.unit} (target ≤ ${target.atMost} ${target.unit}) ${verdict} — load ${loadAverage.join(' ')}`;
    });
}
