// Sizes (percent) of the workbench's panels per preset. "Edit" gives the editors the room; "Run" gives it
// to the timeline and the conversation, and is taken on its own when a run starts from the Edit layout.
// The conversation is a full-height column in both: stacked above the timeline it kept only its controls
// in view at 1280×720, and its messages were hidden under them.

export type LayoutPreset = 'edit' | 'run';

export interface PresetLayout {
  /** The two columns: everything else, and the conversation. */
  outer: { work: number; conversation: number };
  /** The left column split: the editing row above, the timeline below. */
  work: { top: number; timeline: number };
  /** The editing row: tools + run settings, editor + test call. */
  top: { left: number; middle: number };
}

export const presetLayouts: Record<LayoutPreset, PresetLayout> = {
  edit: { outer: { work: 72, conversation: 28 }, work: { top: 64, timeline: 36 }, top: { left: 24, middle: 76 } },
  // The tools column keeps about the width it has in Edit: narrower, Run settings could not fit their controls.
  run: { outer: { work: 67, conversation: 33 }, work: { top: 38, timeline: 62 }, top: { left: 26, middle: 74 } },
};

export const presetLabels: Record<LayoutPreset, { label: string; title: string }> = {
  edit: { label: 'Edit', title: 'Room for the editors and the test call' },
  run: { label: 'Run', title: 'Room for the timeline and the conversation' },
};
