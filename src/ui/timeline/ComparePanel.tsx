import { useMemo, useState } from 'react';
import type { AgentRunEvent } from '../../agent/index.ts';
import {
  afterDeadlineSummary,
  afterDeadlineSummaryText,
  buildTimeline,
  comparisonFigures,
  comparisonVariants,
  defaultComparisonVariantIds,
  formatDuration,
  type Viewport,
} from '../../trace/index.ts';
import { CompareFigures } from './CompareFigures.tsx';
import { StaticTimeline } from './StaticTimeline.tsx';

export interface CompareEntryView {
  variantId: string;
  label: string;
  settingsText: string;
  concurrencyLimit: number | null;
  /** Absent until the variant has run. */
  result: { events: readonly AgentRunEvent[]; totalMs: number; stopReason: string; problem?: string } | null;
}

interface ComparePanelProps {
  scenarioName: string | null;
  running: boolean;
  entries: readonly CompareEntryView[];
  error: string | null;
  onRun(variantIds: string[]): void;
  onStop(): void;
}

/** Re-runs the scenario under other settings, on virtual time, and stacks the timelines on one time scale. */
export function ComparePanel({ scenarioName, running, entries, error, onRun, onStop }: ComparePanelProps) {
  const [chosen, setChosen] = useState<string[]>(defaultComparisonVariantIds);
  const models = useMemo(() => entries.map((entry) => (entry.result ? buildTimeline(entry.result.events) : null)), [entries]);
  const figureRows = useMemo(
    () =>
      entries.map((entry, index) => {
        const model = models[index];
        return { label: entry.label, figures: model && entry.result ? comparisonFigures(model, entry.result.totalMs) : null };
      }),
    [entries, models],
  );
  // Work that outlived its deadline is drawn too, though it does not make the run longer.
  const longest = Math.max(1, ...entries.map((entry, index) => Math.max(entry.result?.totalMs ?? 0, spanOf(models[index]))));
  const viewport: Viewport = { start: 0, end: longest * 1.02 };
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((candidate) => candidate !== id) : [...current, id]));

  return (
    <div className="compare-view">
      <fieldset className="compare-options">
        <legend>Run the selected scenario with</legend>
        {comparisonVariants.map((variant) => (
          <label key={variant.id} className="checkbox">
            <input type="checkbox" checked={chosen.includes(variant.id)} onChange={() => toggle(variant.id)} disabled={running} />
            {variant.label}
          </label>
        ))}
        {running ? (
          <button type="button" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="button" className="primary" disabled={chosen.length === 0} onClick={() => onRun(chosen)}>
            Compare
          </button>
        )}
      </fieldset>
      <p className="hint">
        Each variant plays the same script on a virtual clock: waits take no real time, so the totals compare settings, not luck.
      </p>
      {error && (
        <p className="run-error" role="alert">
          {error}
        </p>
      )}
      {entries.length > 0 && <CompareFigures rows={figureRows} />}
      {entries.length > 0 && (
        <ol className="compare-results" aria-label={`Comparison${scenarioName ? ` of ${scenarioName}` : ''}`}>
          {entries.map((entry, index) => {
            const model = models[index];
            const afterDeadlines = model && afterDeadlineSummaryText(afterDeadlineSummary(model));
            return (
              <li key={entry.variantId} className="compare-result">
                <h3>
                  {entry.label}
                  <span className="total">
                    {entry.result ? `total ${formatDuration(entry.result.totalMs, 100)}` : running ? 'running…' : 'not run'}
                  </span>
                  <span className="hint">{entry.settingsText}</span>
                </h3>
                {afterDeadlines && <p className="hint after-deadlines">After deadlines: {afterDeadlines}</p>}
                {entry.result?.problem && <p className="run-error">{entry.result.problem}</p>}
                {model && (
                  <StaticTimeline
                    model={model}
                    viewport={viewport}
                    concurrencyLimit={entry.concurrencyLimit}
                    label={`${entry.label}: total ${formatDuration(entry.result?.totalMs ?? 0, 100)}`}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function spanOf(model: { start: number; end: number } | null | undefined): number {
  return model ? model.end - model.start : 0;
}
