// Small predicates the chapters' checks share. A run counts only once it has ended: a half-played
// scenario must not tick a chapter whose point is how the run ends.
import type { TourCallView, TourView } from './tour-view.ts';

/**
 * An agent run of the named scenario, started during the chapter, has ended (the one played, not merely
 * the one selected now; a run from before the chapter began does not count).
 */
export const scenarioRunEnded = (view: TourView, scenarioName: string): boolean =>
  view.newRun && view.runKind === 'agent' && !view.running && view.playedScenarioName === scenarioName && view.calls.length > 0;

/** A test call started during the chapter has ended with a result. */
export const testCallEnded = (view: TourView): boolean =>
  view.newRun && view.runKind === 'test-call' && !view.running && view.calls.length > 0;

/** The person opened the view during the chapter ('editor:definition', 'timeline:metrics') and it is on show. */
export const openedAndShowing = (view: TourView, editorOrTimeline: 'editor' | 'timeline', tab: string): boolean =>
  view.opened.includes(`${editorOrTimeline}:${tab}`) && (editorOrTimeline === 'editor' ? view.editorTab : view.timelineTab) === tab;

export const someCall = (view: TourView, predicate: (call: TourCallView) => boolean): boolean => view.calls.some(predicate);

export const failedWith = (kind: TourCallView['kind']) => (call: TourCallView) => call.status === 'error' && call.kind === kind;

/**
 * The person changed the concurrency limit during the chapter and the run kept to it: its peak of calls in
 * flight (the executor's gauge) is exactly the limit, which a burst larger than the limit reaches.
 */
export const limitSetAndUsed = (view: TourView): boolean =>
  view.changedSettings.includes('concurrency') && view.concurrencyLimit !== null && view.peakConcurrency === view.concurrencyLimit;

export const succeeded = (call: TourCallView) => call.status === 'success';
