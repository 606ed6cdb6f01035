// What the guided tour's checks may look at: a small, read-only summary of the app's state, so each
// chapter's "try it" check is a pure function that can be unit-tested without a browser. The store
// builds it (src/store/build-tour-view.ts).
import type { ErrorKind } from '../core/index.ts';

export interface TourCallView {
  name: string;
  status: 'success' | 'error';
  /** The error kind, for a failed call. */
  kind: ErrorKind | null;
  attempts: number;
  version: string | null;
}

export interface TourView {
  /** The editor tab on show: 'schema', 'code', 'definition', 'settings' or 'versions'. */
  editorTab: string;
  /** Name of the scenario selected in the Conversation panel. */
  selectedScenarioName: string | null;
  /**
   * The scenario the current conversation played: a scenario run opens with the scenario's name as its
   * user message (conversation-slice runScenario). Changing the selection afterwards does not change it.
   */
  playedScenarioName: string | null;
  /** The run on show (null: none yet), so a chapter can tell a run started during it from an older one. */
  runId: number | null;
  /** The run on show started after the chapter began: set by `sinceChapterStart`, false until then. */
  newRun: boolean;
  /** The timeline view on show: 'timeline', 'metrics', 'compare', 'runs' or 'tests'. */
  timelineTab: string;
  /** How often each view was opened ('editor:definition', 'timeline:metrics', ...), by the ui slice. */
  viewOpenings: Readonly<Record<string, number>>;
  /** Views the person opened since the chapter began (keys of `viewOpenings`): set by `sinceChapterStart`. */
  opened: readonly string[];
  /** Each run setting by name, as JSON text, so a chapter can see which ones the person changed. */
  settingsText: Readonly<Record<string, string>>;
  /** Run settings changed since the chapter began ('concurrency', ...): set by `sinceChapterStart`. */
  changedSettings: readonly string[];
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
  /** The last Compare the user ran: the scenario it re-played, and the concurrency limit of each variant that finished (null: unlimited). */
  comparison: TourComparisonView;
  /** The comparison on show was started after the chapter began: set by `sinceChapterStart`, false until then. */
  newComparison: boolean;
}

export interface TourComparisonView {
  /** Comparisons started so far. */
  started: number;
  scenarioName: string | null;
  running: boolean;
  finishedLimits: readonly (number | null)[];
}
