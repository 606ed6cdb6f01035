// What the guided tour's checks may look at: a small, read-only summary of the store, so each chapter's
// "try it" check is a pure function that can be unit-tested without a browser.
import type { ErrorKind } from '../core/index.ts';
import type { AppState } from './app-state.ts';
import type { EditorTab } from './ui-slice.ts';

export interface TourCallView {
  name: string;
  status: 'success' | 'error';
  /** The error kind, for a failed call. */
  kind: ErrorKind | null;
  attempts: number;
  version: string | null;
}

export interface TourView {
  editorTab: EditorTab;
  /** Name of the scenario selected in the Conversation panel. */
  selectedScenarioName: string | null;
  /**
   * The scenario the current conversation played: a scenario run opens with the scenario's name as its
   * user message (conversation-slice runScenario). Changing the selection afterwards does not change it.
   */
  playedScenarioName: string | null;
  /** What produced the current run, and whether it is still going. */
  runKind: 'test-call' | 'agent' | null;
  running: boolean;
  /** Calls of the current run that have ended, in the order they ended. */
  calls: readonly TourCallView[];
  retriesScheduled: number;
  /** Retries that waited for the server's Retry-After. */
  retryAfterHonoured: number;
  /** Most calls running at once during the run (from the executor's gauge). */
  peakConcurrency: number;
  /** The run settings' limit; null means unlimited. */
  concurrencyLimit: number | null;
  /** Attempts whose ignored work settled after their timeout (Promise.race without cancellation). */
  lateSettles: number;
}

export type TourViewSource = Pick<AppState, 'editorTab' | 'run' | 'conversation' | 'testCalls' | 'workspace' | 'selectedScenarioId'>;

/** Builds the view. Returns a new object: callers memoize on the source fields (see TourContainer). */
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
        kind: result.error?.kind ?? null,
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
    runKind: run?.kind ?? null,
    running: source.conversation.running || testCallRunning,
    calls,
    retriesScheduled,
    retryAfterHonoured,
    peakConcurrency,
    concurrencyLimit: workspace.settings.concurrency,
    lateSettles,
  };
}
