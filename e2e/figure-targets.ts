// Issue 30's targets beside the figures `npm run figures` measures, so one command says what is met.
// Each spec prints its `[figure]` line, then one `[target]` line per figure that has a target.

export interface FigureTarget {
  /** The figure's key in the spec's report. */
  figure: string;
  /** Met when the figure is at most this. */
  atMost: number;
  unit: 'ms' | 'kB';
  label: string;
  /** A figure of the same run printed beside it (a baseline, or the same measured again). */
  beside?: { figure: string; label: string };
}

export const figureTargets: readonly FigureTarget[] = [
  { figure: 'allToolsValidMedianMs', atMost: 600, unit: 'ms', label: 'navigation → all sample tools valid (median)' },
  { figure: 'shellInteractiveMedianMs', atMost: 300, unit: 'ms', label: 'navigation → shell interactive (median)' },
  { figure: 'firstContentfulPaintMedianMs', atMost: 250, unit: 'ms', label: 'navigation → first contentful paint (median)' },
  { figure: 'entryJsGzipKb', atMost: 120, unit: 'kB', label: 'entry JS, gzip' },
  {
    figure: 'importToAllValidMs',
    atMost: 3_000,
    unit: 'ms',
    label: 'import of 500 tools → all valid',
    beside: { figure: 'baselineImportOf10ToAllValidMs', label: 'same-run baseline, import of 10 tools' },
  },
  {
    figure: 'firstPythonToolValidMedianMs',
    atMost: 3_000,
    unit: 'ms',
    label: 'cold page → first Python tool valid (definition read, an interpreter for its first call; median of fresh contexts)',
    beside: { figure: 'firstPythonToolValidMaxMs', label: 'slowest' },
  },
  {
    figure: 'pythonBootLongestFrameGapMs',
    atMost: 50,
    unit: 'ms',
    label: 'longest frame gap while the first Python tool boots',
    beside: { figure: 'idleLongestFrameGapMs', label: 'same page idle as long' },
  },
  {
    figure: 'pythonSparesLongestFrameGapMs',
    atMost: 50,
    unit: 'ms',
    label: 'longest frame gap while its spares boot',
  },
  {
    figure: 'pythonFirstBatchFirstFourMs',
    atMost: 50,
    unit: 'ms',
    label: 'first fan-out of 10 once the tool is ready for 4 calls at once → first 4 started',
    beside: { figure: 'validToReadyForFourMs', label: 'valid → ready for 4 (spares booted in the background)' },
  },
  {
    figure: 'pythonFanOutFirstFourMedianMs',
    atMost: 50,
    unit: 'ms',
    label: 'fan-out of 10 Python calls at limit 4 → first 4 started (median)',
  },
  {
    figure: 'pythonCallMedianMs',
    atMost: 30,
    unit: 'ms',
    label: 'a Python call through the executor p50, pool warm',
    beside: { figure: 'typescriptCallMedianMs', label: 'a TypeScript call, same run' },
  },
  {
    figure: 'pythonSpinResultLateMedianMs',
    atMost: 50,
    unit: 'ms',
    label: 'while True: pass → its timeout result, after the deadline (median)',
    beside: { figure: 'pythonSpinResultLateMaxMs', label: 'slowest' },
  },
  {
    figure: 'pythonSpinLongestFrameGapMaxMs',
    atMost: 50,
    unit: 'ms',
    label: 'longest frame gap while endless Python loops are killed',
  },
  { figure: 'callMedianMs', atMost: 2, unit: 'ms', label: 'sandboxed call through the executor p50' },
  { figure: 'callP95Ms', atMost: 5, unit: 'ms', label: 'sandboxed call through the executor p95' },
  {
    figure: 'reloadToAllValidMs',
    atMost: 1_000,
    unit: 'ms',
    label: 'reload of them → all valid',
    beside: { figure: 'reloadToAllValidMedianMs', label: 'median of the next reloads' },
  },
];

/** The `[target]` lines for a report: figure, target, met or missed, and the load average it was measured under. */
export function targetLines(report: Record<string, unknown>, loadAverage: readonly number[]): string[] {
  return figureTargets
    .filter((target) => typeof report[target.figure] === 'number')
    .map((target) => {
      const value = report[target.figure] as number;
      const verdict = value <= target.atMost ? 'met' : 'MISSED';
      const besideValue = target.beside ? report[target.beside.figure] : undefined;
      const beside = target.beside && typeof besideValue === 'number' ? `; ${target.beside.label}: ${besideValue} ${target.unit}` : '';
      return `[target] ${target.label}: ${value} ${target.unit} (target ≤ ${target.atMost} ${target.unit}) ${verdict}${beside} — load ${loadAverage.join(' ')}`;
    });
}
