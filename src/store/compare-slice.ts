import type { StateCreator } from 'zustand/vanilla';
import type { ComparisonEntry, Session } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export type { ComparisonEntry };

export interface ComparisonState {
  running: boolean;
  scenarioName: string | null;
  entries: ComparisonEntry[];
  error: string | null;
}

export interface CompareSlice {
  comparison: ComparisonState;
  /** Re-runs the selected scenario once per variant, on virtual time, one after the other. */
  runComparison(variantIds: readonly string[]): Promise<void>;
  cancelComparison(): void;
}

const idle: ComparisonState = { running: false, scenarioName: null, entries: [], error: null };

export const createCompareSlice =
  (session: Session): StateCreator<AppState, AppMiddlewares, [], CompareSlice> =>
  (set, get) => {
    const patch = (change: Partial<ComparisonState>, action: string) =>
      set((state) => ({ comparison: { ...state.comparison, ...change } }), undefined, action);

    return {
      comparison: idle,

      async runComparison(variantIds) {
        if (get().comparison.running) return;
        // The variants differ only in their settings: each runs on the workspace the scenario sets up.
        const { workspace, selectedScenarioId } = get();
        const scenario = workspace.scenarios.find((candidate) => candidate.id === selectedScenarioId) ?? workspace.scenarios[0];
        if (scenario) get().prepareScenario(scenario);
        patch({ running: true, error: null }, 'compare/prepare');
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
          patch({ ...idle, scenarioName: outcome.scenarioName ?? null, error: outcome.error }, 'compare/error');
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
    };
  };
