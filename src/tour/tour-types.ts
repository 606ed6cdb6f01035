import type { TourView } from './tour-view.ts';

/** The regions of the workbench a chapter can point at (their visible headings). */
export type TourTarget = 'Tools' | 'Run settings' | 'Editor' | 'Test call' | 'Conversation' | 'Timeline';

export interface TourTryIt {
  instruction: string;
  /** Passes once the user has done the step; the tour marks the chapter done then, never by hand. */
  check(view: TourView): boolean;
  /**
   * For a step the store cannot see (a view that is local to a panel): once `check` passes, the user
   * confirms with a button carrying this label.
   */
  confirmLabel?: string;
}

export interface TourChapter {
  id: string;
  title: string;
  /** Short paragraphs of plain text. */
  body: readonly string[];
  /** A code sample shown under the body. */
  code?: string;
  /** The scenario "Load scenario" selects, by name. */
  scenarioName?: string;
  target: TourTarget;
  tryIt: TourTryIt;
}
