// Builds the guided tour's view of the store (the view's shape is the tour's: src/tour/tour-view.ts).
import type { TourCallView, TourView } from '../tour/tour-view.ts';
import type { AppState } from './app-state.ts';
import { errorOf } from '../core/index.ts';

export type { TourCallView, TourView };

export type TourViewSource = Pick<
  AppState,
  'editorTab' | 'timelineTab' | 'viewOpenings' | 'run' | 'conversation' | 'testCalls' | 'workspace' | 'selectedScenarioId'
> &
  Partial<Pick<AppState, 'comparison'>>;

/**
 * Builds the view. Returns a new object: callers memoize on the source fields (see TourContainer). What
 * happened since a chapter began (`newRun`, `opened`, `changedSettings`) is left empty: `sinceChapterStart`
 * fills it in against the view the tour slice took then.
 */
export function tourViewOf(source: TourViewSource): TourView {
  const { run, workspace } = source;
  const calls: TourCallView[] = [];
  let retriesScheduled = 0;
  let retryAfterHonoured = 0;
  let peakConcurrency = 0;
  let lateSettles = 0;
  for (const event of run?.events ?? []) {
    if (event.type === 'tool-call-end') {
      const { result } = event;
      calls.push({
        name: result.name,
        status: result.status,
        kind: errorOf(result)?.kind ?? null,
        attempts: result.attempts,
        version: result.version ?? null,
      });
    } else if (event.type === 'retry-scheduled') {
      retriesScheduled += 1;
      if (event.retryAfterMs !== undefined) retryAfterHonoured += 1;
    } else if (event.type === 'tool-call-start') {
      peakConcurrency = Math.max(peakConcurrency, event.concurrency);
    } else if (event.type === 'attempt-late-settle') {
      lateSettles += 1;
    }
  }
  const [opening] = source.conversation.messages;
  const playedScenario = opening?.role === 'user' ? workspace.scenarios.find((scenario) => scenario.name === opening.content) : undefined;
  const testCallRunning = Object.values(source.testCalls).some((testCall) => testCall.running);
  return {
    editorTab: source.editorTab,
    // With nothing selected, Run scenario plays the first one: the view says the same.
    selectedScenarioName:
      (workspace.scenarios.find((scenario) => scenario.id === source.selectedScenarioId) ?? workspace.scenarios[0])?.name ?? null,
    playedScenarioName: playedScenario?.name ?? null,
    runId: run?.id ?? null,
    newRun: false,
    timelineTab: source.timelineTab,
    viewOpenings: source.viewOpenings,
    opened: [],
    settingsText: Object.fromEntries(Object.entries(workspace.settings).map(([name, value]) => [name, JSON.stringify(value) ?? ''])),
    changedSettings: [],
    runKind: run?.kind ?? null,
    running: source.conversation.running || testCallRunning,
    calls,
    retriesScheduled,
    retryAfterHonoured,
    peakConcurrency,
    concurrencyLimit: workspace.settings.concurrency,
    lateSettles,
    newComparison: false,
    comparison: {
      started: source.comparison?.started ?? 0,
      scenarioName: source.comparison?.scenarioName ?? null,
      running: source.comparison?.running ?? false,
      // Kept runs side by side re-ran nothing: they compare no limits.
      finishedLimits:
        source.comparison?.source === 'kept-runs'
          ? []
          : (source.comparison?.entries ?? []).flatMap((entry) => (entry.result ? [entry.concurrencyLimit] : [])),
    },
  };
}
