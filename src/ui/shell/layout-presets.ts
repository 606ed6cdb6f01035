// Sizes (percent) of the workbench's panels per layout. "Edit" gives the editors the room; "Run" gives it
// to the timeline and the conversation, and is taken on its own when a run starts from the Edit layout.
// The conversation is a full-height column in all of them: stacked above the timeline it kept only its
// controls in view at 1280×720, and its messages were hidden under them. The lesson layouts are the ones
// tour chapters bring up (src/tour: TourStage), each leaving a region free for the tour card.
import type { TourLayout } from '../../tour/index.ts';

export type LayoutPreset = 'edit' | 'run';

export interface PresetLayout {
  /** The two columns: everything else, and the conversation. */
  outer: { work: number; conversation: number };
  /** The left column split: the editing row above, the timeline below. */
  work: { top: number; timeline: number };
  /** The editing row: tools + run settings, editor + test call. */
  top: { left: number; middle: number };
  /** The tools column: the tool list above Run settings. */
  left: { tools: number; 'run-settings': number };
  /** The middle column: the editor above the test call. */
  middle: { editor: number; 'test-call': number };
}

const columns = { left: { tools: 62, 'run-settings': 38 }, middle: { editor: 62, 'test-call': 38 } };

export const presetLayouts: Record<LayoutPreset, PresetLayout> = {
  edit: { outer: { work: 72, conversation: 28 }, work: { top: 64, timeline: 36 }, top: { left: 24, middle: 76 }, ...columns },
  // The tools column keeps about the width it has in Edit: narrower, Run settings could not fit their controls.
  run: { outer: { work: 67, conversation: 33 }, work: { top: 38, timeline: 62 }, top: { left: 26, middle: 74 }, ...columns },
};

/**
 * What each lesson layout is for, at 1280×720: `lesson-run` gives the timeline and the conversation the
 * room a run needs and leaves the editing row (400 px) to the card; `lesson-compare` the timeline the room of
 * Compare's options and table; `lesson-test-call` makes the Test call
 * tall enough for a result and what is sent to the model, the conversation column left to the card;
 * `lesson-versions` keeps Rollback, the tool list, Run scenario and the timeline in view at once, with a
 * wider conversation column whose transcript holds the card.
 */
export const lessonLayouts: Record<TourLayout, PresetLayout> = {
  ...presetLayouts,
  'lesson-run': {
    outer: { work: 70, conversation: 30 },
    work: { top: 60, timeline: 40 },
    top: { left: 24, middle: 76 },
    // Run settings down to the Timeout strategy in view.
    left: { tools: 45, 'run-settings': 55 },
    middle: columns.middle,
  },
  'lesson-compare': { outer: { work: 70, conversation: 30 }, work: { top: 45, timeline: 55 }, top: { left: 24, middle: 76 }, ...columns },
  'lesson-test-call': {
    outer: { work: 70, conversation: 30 },
    work: { top: 76, timeline: 24 },
    top: { left: 22, middle: 78 },
    left: columns.left,
    middle: { editor: 30, 'test-call': 70 },
  },
  'lesson-versions': {
    outer: { work: 55, conversation: 45 },
    work: { top: 62, timeline: 38 },
    top: { left: 28, middle: 72 },
    left: { tools: 70, 'run-settings': 30 },
    middle: { editor: 80, 'test-call': 20 },
  },
};

export const presetLabels: Record<LayoutPreset, { label: string; title: string }> = {
  edit: { label: 'Edit', title: 'Room for the editors and the test call' },
  run: { label: 'Run', title: 'Room for the timeline and the conversation' },
};
