import type { StateCreator } from 'zustand/vanilla';
import { parseScenario } from '../llm/index.ts';
import {
  applyVariant,
  comparisonVariants,
  describeSettings,
  runOnVirtualClock,
  type VirtualRunResult,
  type VirtualRunSettings,
} from '../trace/index.ts';
import type { Tool } from '../core/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import type { ToolRuntime } from './runtime/tool-runtime.ts';

export interface ComparisonEntry {
  variantId: string;
  label: string;
  /** What it ran with, in words. */
  settingsText: string;
  concurrencyLimit: number | null;
  /** Null until this variant has run. */
  result: VirtualRunResult | null;
}

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

export interface CompareDependencies {
  runtime: ToolRuntime;
}

const idle: ComparisonState = { running: false, scenarioName: null, entries: [], error: null };

export const createCompareSlice =
  ({ runtime }: CompareDependencies): StateCreator<AppState, AppMiddlewares, [], CompareSlice> =>
  (set, get) => {
    let controller: AbortController | null = null;
    const patch = (change: Partial<ComparisonState>, action: string) =>
      set((state) => ({ comparison: { ...state.comparison, ...change } }), undefined, action);

    return {
      comparison: idle,

      async runComparison(variantIds) {
        if (get().comparison.running) return;
        // Right after start-up the tools may still be compiling; without this they would be missing.
        patch({ running: true, error: null }, 'compare/prepare');
        await get().compileEnabledTools();
        const { workspace, compilations, selectedScenarioId } = get();
        const source = workspace.scenarios.find((candidate) => candidate.id === selectedScenarioId) ?? workspace.scenarios[0];
        if (!source)
          return patch({ ...idle, error: 'There is no scenario to compare: add one in the Conversation panel.' }, 'compare/error');
        const parsed = parseScenario(source.source);
        if (!parsed.ok)
          return patch(
            {
              ...idle,
              scenarioName: source.name,
              error: `The scenario "${source.name}" is not valid: ${parsed.problems[0]?.message ?? 'unknown problem'}.`,
            },
            'compare/error',
          );
        let tools: Tool[];
        try {
          tools = workspace.tools.flatMap((tool) => {
            const parameters = compilations[tool.id]?.parameters;
            return tool.enabled && parameters ? [runtime.toCoreTool(tool, { parameters })] : [];
          });
        } catch (error) {
          return patch(
            { ...idle, scenarioName: source.name, error: error instanceof Error ? error.message : String(error) },
            'compare/error',
          );
        }
        const { settings } = workspace;
        const base: VirtualRunSettings = {
          concurrency: settings.concurrency,
          timeoutMs: settings.timeoutMs,
          retry: settings.retry,
          maxIterations: settings.maxIterations,
        };
        const variants = comparisonVariants.filter((variant) => variantIds.includes(variant.id));
        const planned = variants.map((variant) => ({ variant, settings: applyVariant(base, variant) }));
        const entries: ComparisonEntry[] = planned.map(({ variant, settings: variantSettings }) => ({
          variantId: variant.id,
          label: variant.label,
          settingsText: describeSettings(variantSettings),
          concurrencyLimit: variantSettings.concurrency,
          result: null,
        }));
        controller = new AbortController();
        const { signal } = controller;
        patch({ running: true, scenarioName: source.name, entries, error: null }, 'compare/start');
        for (const [index, { settings: variantSettings }] of planned.entries()) {
          if (signal.aborted) break;
          const result = await runOnVirtualClock({ scenario: parsed.scenario, tools, settings: variantSettings, signal });
          set(
            (state) => ({
              comparison: {
                ...state.comparison,
                entries: state.comparison.entries.map((entry, position) => (position === index ? { ...entry, result } : entry)),
              },
            }),
            undefined,
            'compare/result',
          );
        }
        controller = null;
        patch({ running: false, ...(signal.aborted ? { error: 'Stopped.' } : {}) }, 'compare/end');
      },

      cancelComparison() {
        controller?.abort(new Error('Comparison stopped by the user'));
      },
    };
  };
