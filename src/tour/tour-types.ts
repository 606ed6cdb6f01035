import type { TourView } from './tour-view.ts';

/** The regions of the workbench a chapter can point at (their visible headings). */
export type TourTarget = 'Tools' | 'Run settings' | 'Editor' | 'Test call' | 'Conversation' | 'Timeline';

/**
 * Where on the workbench the card may sit while a chapter is open: regions the chapter does not need, so
 * covering them hides nothing the lesson is about. `Conversation messages` is the transcript under the
 * conversation's controls (Run scenario stays in view above it).
 */
export type TourCardRoom = TourTarget | 'Conversation messages';

/**
 * The workbench layouts a chapter can ask for (the sizes are the UI's, ui/shell/layout-presets.ts): room
 * for the conversation and timeline with the editing row free for the card; a taller timeline for Compare's
 * table; a tall Test call; the
 * editor's Versions tab tall enough to show Rollback beside a timeline and the Run scenario button.
 */
export type TourLayout = 'edit' | 'run' | 'lesson-run' | 'lesson-compare' | 'lesson-test-call' | 'lesson-versions';

/** A control the try-it step asks the person to use: a button or a tab, by its accessible name, in a region. */
export interface TourAction {
  region: TourTarget;
  role: 'button' | 'tab';
  name: string;
}

/**
 * The view a chapter brings up when it opens, so the class sees what it talks about without hunting for
 * it: a layout, a tab, a selected tool (scrolled into view). Views only: a lesson never changes the
 * workspace (tools, settings, scenarios) behind the person's back.
 */
export interface TourStage {
  layout: TourLayout;
  editorTab?: 'schema' | 'code' | 'definition' | 'settings' | 'versions';
  timelineTab?: 'timeline' | 'metrics' | 'compare' | 'runs' | 'tests';
  /** A tool to select by name. */
  tool?: string;
}

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
  stage: TourStage;
  /** The controls the try-it step is done with: the card never covers them. */
  actions: readonly TourAction[];
  /** Regions the class watches while it acts (a run's timeline, the Versions tab): the card stays off them too. */
  watch?: readonly TourTarget[];
  /** Regions the card sits over, all of them free of target, actions and watched regions in the chapter's layout. */
  cardRoom: readonly TourCardRoom[];
  tryIt: TourTryIt;
}
