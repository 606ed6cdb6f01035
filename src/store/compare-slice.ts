import type { StateCreator } from 'zustand/vanilla';
import type { AgentRunEvent } from '../agent/index.ts';
import type { ComparisonEntry, Session } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export type { ComparisonEntry };

/** What Compare draws of one side: a variant it re-ran, or a kept run read back from the Runs list. */
export interface ComparedEntry extends Omit<ComparisonEntry, 'result'> {
  /** Null until the variant has run. */
  result: { events: readonly AgentRunEvent[]; totalMs: number; problem?: string } | null;
  /** Lines that tell a kept run from the other one (where it forked, settings and tool versions that differ). */
  details?: readonly string[];
  /** A fork: its events hold only what ran after the fork point (the part before was replayed, not run). */
  partial?: boolean;
}

/** Two kept runs put side by side: read from the Runs list, nothing re-run. */
export interface KeptComparison {
  /** Both runs in a few words. */
  title: string;
  /** What differs between them (or that nothing does). */
  notes: string[];
  entries: ComparedEntry[];
}

export interface ComparisonState {
  /** Variants re-run from the selected scenario, or two kept runs side by side. */
  source: 'variants' | 'kept-runs';
  running: boolean;
  scenarioName: string | null;
  /** Set for kept runs. */
  title: string | null;
  notes: readonly string[];
  entries: ComparedEntry[];
  error: string | null;
  /** Comparisons started so far: the tour tells one started during a chapter from an older one on show. */
  started: number;
}

export interface CompareSlice {
  comparison: ComparisonState;
  /** Re-runs the selected scenario once per variant, on virtual time, one after the other. */
  runComparison(variantIds: readonly string[]): Promise<void>;
  cancelComparison(): void;
  /**
   * Shows two kept runs (or why they cannot be compared) in place of the last comparison. False, with a
   * notice, while variants are being run: they would overwrite it.
   */
  showKeptComparison(shown: KeptComparison | { error: string }): boolean;
}

const idle: ComparisonState = {
  source: 'variants',
  running: false,
  scenarioName: null,
  title: null,
  notes: [],
  entries: [],
  error: null,
  started: 0,
};

export const createCompareSlice =
  (session: Session): StateCreator<AppState, AppMiddlewares, [], CompareSlice> =>
  (set, get) => {
    const patch = (change: Partial<ComparisonState>, action: string) =>
      set((state) => ({ comparison: { ...state.comparison, ...change } }), undefined, action);

    return {
      comparison: idle,

      async runComparison(variantIds) {
        if (get().comparison.running) return;
        // The session sets the scenario's lesson up for this Compare only (session/lesson-setup.ts).
        const previous = get().comparison;
        // Kept runs on show give way at once; earlier variants stay until the new plan replaces them.
        const shown = previous.source === 'variants' ? { scenarioName: previous.scenarioName, entries: previous.entries } : {};
        patch({ ...idle, ...shown, running: true, started: previous.started + 1 }, 'compare/prepare');
        const handle = session.startComparison(
          { scenarioId: get().selectedScenarioId, variantIds },
          {
            onPlan: (scenarioName, entries) => patch({ scenarioName, entries }, 'compare/start'),
            onVariantResult: (index, result) =>
              set(
                (state) => ({
                  comparison: {
                    ...state.comparison,
                    entries: state.comparison.entries.map((entry, position) => (position === index ? { ...entry, result } : entry)),
                  },
                }),
                undefined,
                'compare/result',
              ),
            onWarning: (message) => get().notify({ level: 'warning', message }),
          },
        );
        const outcome = await handle.done;
        if (outcome.status === 'refused')
          patch(
            { ...idle, scenarioName: outcome.scenarioName ?? null, error: outcome.error, started: get().comparison.started },
            'compare/error',
          );
        else
          patch(
            {
              running: false,
              error: outcome.status === 'stopped' ? 'Stopped.' : outcome.status === 'failed' ? `Compare failed: ${outcome.error}` : null,
            },
            'compare/end',
          );
      },

      cancelComparison() {
        session.stopComparison();
      },

      showKeptComparison(shown) {
        if (get().comparison.running) {
          get().notify({ level: 'warning', message: 'Stop the comparison that is running first: it would replace the kept runs.' });
          return false;
        }
        const kept = { ...('error' in shown ? { ...idle, error: shown.error } : { ...idle, ...shown }), started: get().comparison.started };
        set({ comparison: { ...kept, source: 'kept-runs' } }, undefined, 'compare/showKept');
        return true;
      },
    };
  };
