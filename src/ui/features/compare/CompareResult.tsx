import type { AgentRunEvent } from '../../../agent/index.ts';
import { afterDeadlineSummary, afterDeadlineSummaryText, formatDuration, type TimelineModel, type Viewport } from '../../../trace/index.ts';
import { StaticTimeline } from '../timeline/StaticTimeline.tsx';

export interface CompareEntryView {
  variantId: string;
  label: string;
  settingsText: string;
  concurrencyLimit: number | null;
  /** Absent until the variant has run. */
  result: { events: readonly AgentRunEvent[]; totalMs: number; problem?: string } | null;
  /** A kept run's lines that tell it from the other (fork point, settings and tool versions that differ). */
  details?: readonly string[];
  /** A fork: its figures count only what ran after the fork point. */
  partial?: boolean;
}

interface CompareResultProps {
  entry: CompareEntryView;
  model: TimelineModel | null;
  /** The comparison's time span: every timeline is drawn on it, from its own first event. */
  spanMs: number;
  running: boolean;
}

/** One side of a comparison: what it is, how long it took, and its timeline. */
export function CompareResult({ entry, model, spanMs, running }: CompareResultProps) {
  const afterDeadlines = model && afterDeadlineSummaryText(afterDeadlineSummary(model));
  // Kept runs ran on different clocks: each starts at its own first event, on one shared scale.
  const viewport: Viewport = { start: model?.start ?? 0, end: (model?.start ?? 0) + spanMs };
  const total = entry.result ? `total ${formatDuration(entry.result.totalMs, 100)}` : running ? 'running…' : 'not run';
  return (
    <li className="compare-result">
      <h3>
        {entry.label}
        <span className="total">{total}</span>
        <span className="hint">{entry.settingsText}</span>
      </h3>
      {entry.details && entry.details.length > 0 && (
        <ul className="compare-details hint">
          {entry.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
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
}
