import type { TourView } from './tour-view.ts';

/** The regions of the workbench a chapter can point at (their visible headings). */
export type TourTarget = 'Tools' | 'Run settings' | 'Editor' | 'Test call' | 'Conversation' | 'Timeline';

export interface TourTryIt {
  instruction: string;
  /**
   * Passes once the user has done the step while the chapter was open (the view says what happened since
   * it began: see chapter-start.ts); the tour marks the chapter done then, never by hand.
   */
  check(view: TourView): boolean;
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
  /**
   * Regions the try-it step is done in, which the card stays off when there is room. Default: the
   * Conversation for a chapter with a scenario (its Run scenario button), none otherwise.
   */
  actsIn?: readonly TourTarget[];
  tryIt: TourTryIt;
}
