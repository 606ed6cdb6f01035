// Compare: the selected scenario re-played once per variant of the run settings, on virtual time, with
// the same registry a conversation gets (canaries, simulated outages) so variants differ only in what
// the variant changes.
import { parseScenario } from '../llm/index.ts';
import {
  applyVariant,
  comparisonVariants,
  describeSettings,
  runOnVirtualClock,
  type VirtualRunResult,
  type VirtualRunSettings,
} from '../trace/index.ts';
import { executorFor } from './executor-for.ts';
import { runWorkspace } from './lesson-setup.ts';
import type { RunControl } from './run-control.ts';
import { startRun, untilStopped, type RunHandle, type RunInterruption } from './run-handle.ts';
import type { SessionDependencies } from './session-dependencies.ts';

export interface ComparisonRequest {
  /** The scenario to re-play; null takes the workspace's first. */
  scenarioId: string | null;
  variantIds: readonly string[];
}

export interface ComparisonEntry {
  variantId: string;
  label: string;
  /** What it ran with, in words. */
  settingsText: string;
  concurrencyLimit: number | null;
  /** The settings it runs with (the workspace's, with the variant's changes), kept with the run. */
  settings?: VirtualRunSettings;
  /** Null until this variant has run. */
  result: VirtualRunResult | null;
}

export interface ComparisonObserver {
  /** The variants about to run, in order, before the first starts. */
  onPlan?(scenarioName: string, entries: ComparisonEntry[]): void;
  onVariantResult?(index: number, result: VirtualRunResult): void;
  onWarning?(message: string): void;
}

export type ComparisonOutcome = { status: 'finished' } | { status: 'refused'; error: string; scenarioName?: string } | RunInterruption;

/** Every variant uses one routing key, so a canary splits the calls of each variant alike. */
const comparisonRoutingKey = 'compare';

export function startComparison(
  dependencies: SessionDependencies,
  control: RunControl,
  request: ComparisonRequest,
  observer: ComparisonObserver = {},
): RunHandle<ComparisonOutcome> {
  return startRun<ComparisonOutcome>({
    control,
    async body({ signal }) {
      const ready = await untilStopped(dependencies.workspace.ready(), signal);
      const chosen = ready.workspace.scenarios.find((candidate) => candidate.id === request.scenarioId) ?? ready.workspace.scenarios[0];
      // The variants differ only in their settings: each runs on the workspace the scenario sets up, for this Compare only.
      const { view, runtime, lesson } = await untilStopped(
        runWorkspace(dependencies.runtime, ready, chosen?.source ?? null, new Date()),
        signal,
      );
      for (const problem of lesson?.problems ?? []) observer.onWarning?.(problem);
      const { workspace } = view;
      const source = chosen;
      if (!source) return { status: 'refused', error: 'There is no scenario to compare: add one in the Conversation panel.' };
      const parsed = parseScenario(source.source);
      if (!parsed.ok)
        return {
          status: 'refused',
          scenarioName: source.name,
          error: `The scenario "${source.name}" is not valid: ${parsed.problems[0]?.message ?? 'unknown problem'}.`,
        };
      const { settings } = workspace;
      const base: VirtualRunSettings = {
        concurrency: settings.concurrency,
        timeoutMs: settings.timeoutMs,
        retry: settings.retry,
        maxIterations: settings.maxIterations,
        ...(settings.timeoutStrategy === undefined ? {} : { timeoutStrategy: settings.timeoutStrategy }),
        ...(settings.killGraceMs === undefined ? {} : { killGraceMs: settings.killGraceMs }),
      };
      // The timeouts the scenario's calls really have: a tool's own wins over the run's.
      const toolTimeouts = new Map(
        parsed.scenario.turns
          .flatMap((turn) => turn.toolCalls ?? [])
          .map((call) => [call.name, workspace.tools.find((tool) => tool.name === call.name)?.timeoutMs] as const),
      );
      const planned = comparisonVariants
        .filter((variant) => request.variantIds.includes(variant.id))
        .map((variant) => ({ variant, settings: applyVariant(base, variant) }));
      observer.onPlan?.(
        source.name,
        planned.map(({ variant, settings: variantSettings }) => ({
          variantId: variant.id,
          label: variant.label,
          settingsText: describeSettings(variantSettings, toolTimeouts),
          concurrencyLimit: variantSettings.concurrency,
          settings: variantSettings,
          result: null,
        })),
      );
      const routingKey = settings.canaryRouting === 'call' ? undefined : comparisonRoutingKey;
      const warned = new Set<string>();
      for (const [index, { settings: variantSettings }] of planned.entries()) {
        if (signal.aborted) break;
        const result = await runOnVirtualClock({
          scenario: parsed.scenario,
          maxIterations: variantSettings.maxIterations,
          routingKey,
          signal,
          createExecutor: async ({ clock, wrapTool, random }) => {
            const setup = await executorFor(runtime, { view, settings: variantSettings, clock, random, wrapTool });
            for (const warning of setup.warnings) if (!warned.has(warning)) observer.onWarning?.(warning);
            for (const warning of setup.warnings) warned.add(warning);
            // Health as a conversation sees it: an unhealthy tool is hidden and its calls are unavailable.
            await setup.executor.checkHealth();
            return setup.executor;
          },
        });
        observer.onVariantResult?.(index, result);
      }
      if (signal.aborted) return { status: 'stopped', reason: 'Stopped.' };
      return { status: 'finished' };
    },
  });
}
