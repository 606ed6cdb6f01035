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

export const succeeded = (call: TourCallView) => call.status === 'success';

/**
 * A Compare of the named scenario has finished with a limit of 1, no limit, and a limit in between:
 * the three the capacity lesson sets side by side (the Compare tab's default choice).
 */
export const comparedLimitsAround = (view: TourView, scenarioName: string): boolean => {
  const { comparison } = view;
  if (comparison.running || comparison.scenarioName !== scenarioName) return false;
  const limits = comparison.finishedLimits;
  return limits.includes(1) && limits.includes(null) && limits.some((limit) => limit !== null && limit > 1);
};
