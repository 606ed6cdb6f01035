import { useMemo, useState } from 'react';
import { buildTimeline, comparisonFigures, comparisonVariants, defaultComparisonVariantIds } from '../../../trace/index.ts';
import { CompareFigures } from './CompareFigures.tsx';
import { CompareResult, type CompareEntryView } from './CompareResult.tsx';

export type { CompareEntryView };

/** Two kept runs on show instead of variants: what they are and what differs. */
export interface KeptRunsView {
  title: string | null;
  notes: readonly string[];
}

interface ComparePanelProps {
  scenarioName: string | null;
  running: boolean;
  entries: readonly CompareEntryView[];
  error: string | null;
  /** Set when the entries are kept runs from the Runs list rather than variants re-run here. */
  keptRuns?: KeptRunsView | null;
  onRun(variantIds: string[]): void;
  onStop(): void;
}

/**
 * Re-runs the scenario under other settings, on virtual time, or shows two kept runs picked in the Runs
 * list, and stacks the timelines on one time scale with their figures.
 */
export function ComparePanel({ scenarioName, running, entries, error, keptRuns = null, onRun, onStop }: ComparePanelProps) {
  const [chosen, setChosen] = useState<string[]>(defaultComparisonVariantIds);
  const models = useMemo(() => entries.map((entry) => (entry.result ? buildTimeline(entry.result.events) : null)), [entries]);
  const figureRows = useMemo(
    () =>
      entries.map((entry, index) => {
        const model = models[index];
        return {
          label: entry.label,
          figures: model && entry.result ? comparisonFigures(model, entry.result.totalMs) : null,
          partial: entry.partial ?? false,
        };
      }),
    [entries, models],
  );
  // Work that outlived its deadline is drawn too, though it does not make the run longer.
  const longest = Math.max(1, ...entries.map((entry, index) => Math.max(entry.result?.totalMs ?? 0, spanOf(models[index]))));
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((candidate) => candidate !== id) : [...current, id]));
  const listName = keptRuns
    ? `Kept runs compared${keptRuns.title ? `: ${keptRuns.title}` : ''}`
    : `Comparison${scenarioName ? ` of ${scenarioName}` : ''}`;

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
        Each variant plays the same script on a virtual clock: waits take no real time, so the totals compare settings, not luck. To compare
        two runs you already made, tick them in Runs.
      </p>
      {error && (
        <p className="run-error" role="alert">
          {error}
        </p>
      )}
      {keptRuns && entries.length > 0 && (
        <section className="kept-comparison" aria-label="Kept runs side by side">
          <h3>Side by side: {keptRuns.title}</h3>
          <ul>
            {keptRuns.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <p className="hint">
            Read from Runs as they were kept: nothing was run again. Real-time runs took real time; their totals include it.
          </p>
        </section>
      )}
      {entries.length > 0 && <CompareFigures rows={figureRows} rowHeading={keptRuns ? 'Run' : 'Variant'} />}
      {entries.length > 0 && (
        <ol className="compare-results" aria-label={listName}>
          {entries.map((entry, index) => (
            <CompareResult key={entry.variantId} entry={entry} model={models[index] ?? null} spanMs={longest * 1.02} running={running} />
          ))}
        </ol>
      )}
    </div>
  );
}

function spanOf(model: { start: number; end: number } | null | undefined): number {
  return model ? model.end - model.start : 0;
}
