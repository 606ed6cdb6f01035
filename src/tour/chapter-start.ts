// A chapter passes on what the person did while it was open, not on what was on screen before: its check
// sees the app's view next to the view taken when the chapter began (the tour slice takes it, after the
// chapter has brought up its view: what the chapter opened itself never counts as the person's doing).
import type { TourView } from './tour-view.ts';

/**
 * The view as a chapter's check sees it: `newRun` says the run on show started during the chapter,
 * `opened` lists views opened since, `changedSettings` the run settings changed since. Without a start
 * (none taken yet) nothing counts as done during the chapter.
 */
export function sinceChapterStart(view: TourView, start: TourView | null): TourView {
  if (!start) return { ...view, newRun: false, opened: [], changedSettings: [], newComparison: false };
  const opened = Object.keys(view.viewOpenings).filter((key) => (view.viewOpenings[key] ?? 0) > (start.viewOpenings[key] ?? 0));
  const names = new Set([...Object.keys(view.settingsText), ...Object.keys(start.settingsText)]);
  const changedSettings = [...names].filter((name) => view.settingsText[name] !== start.settingsText[name]);
  return {
    ...view,
    newRun: view.runId !== null && view.runId !== start.runId,
    opened,
    changedSettings,
    newComparison: view.comparison.started > start.comparison.started,
  };
}
