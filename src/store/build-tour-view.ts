// Builds the guided tour's view of the store (the view's shape is the tour's: src/tour/tour-view.ts).
import type { TourCallView, TourView } from '../tour/tour-view.ts';
import type { AppState } from './app-state.ts';
import { errorOf } from '../core/index.ts';
import type { AgentRunEvent } from '../agent/agent-types.ts';

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
  const { calls, retriesScheduled, retryAfterHonoured, peakConcurrency, lateSettles } = runFactsOf(run?.events ?? noEvents);
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
    calls: calls.slice(),
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

interface RunFacts {
  read: number;
  calls: TourCallView[];
  retriesScheduled: number;
  retryAfterHonoured: number;
  peakConcurrency: number;
  lateSettles: number;
}

const noEvents: readonly AgentRunEvent[] = [];
/** A run appends to its events array in place: each view folds only the events that came since the last. */
const foldedRuns = new WeakMap<readonly AgentRunEvent[], RunFacts>();

function runFactsOf(events: readonly AgentRunEvent[]): RunFacts {
  let facts = foldedRuns.get(events);
  if (!facts) {
    facts = { read: 0, calls: [], retriesScheduled: 0, retryAfterHonoured: 0, peakConcurrency: 0, lateSettles: 0 };
    foldedRuns.set(events, facts);
  }
  for (; facts.read < events.length; facts.read++) {
    const event = events[facts.read] as AgentRunEvent;
    if (event.type === 'tool-call-end') {
      const { result } = event;
      facts.calls.push({
        name: result.name,
        status: result.status,
        kind: errorOf(result)?.kind ?? null,
        attempts: result.attempts,
        version: result.version ?? null,
      });
    } else if (event.type === 'retry-scheduled') {
      facts.retriesScheduled += 1;
      if (event.retryAfterMs !== undefined) facts.retryAfterHonoured += 1;
    } else if (event.type === 'tool-call-start') {
      facts.peakConcurrency = Math.max(facts.peakConcurrency, event.concurrency);
    } else if (event.type === 'attempt-late-settle') {
      facts.lateSettles += 1;
    }
  }
  return facts;
}
