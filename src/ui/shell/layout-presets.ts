// Sizes (percent) of the workbench's panels per preset. "Edit" gives the editors the room; "Run" gives it
// to the timeline and the conversation, and is taken on its own when a run starts from the Edit layout.

export type LayoutPreset = 'edit' | 'run';

export interface PresetLayout {
  /** The vertical split: everything above the timeline, and the timeline. */
  outer: { top: number; timeline: number };
  /** The top row: tools + run settings, editor + test call, conversation. */
  top: { left: number; middle: number; conversation: number };
}

export const presetLayouts: Record<LayoutPreset, PresetLayout> = {
  edit: { outer: { top: 64, timeline: 36 }, top: { left: 17, middle: 53, conversation: 30 } },
  // The left column as wide as in Edit: at 14% Run settings were too narrow for their controls at 1280 px.
  run: { outer: { top: 42, timeline: 58 }, top: { left: 17, middle: 41, conversation: 42 } },
};

export const presetLabels: Record<LayoutPreset, { label: string; title: string }> = {
  edit: { label: 'Edit', title: 'Room for the editors and the test call' },
  run: { label: 'Run', title: 'Room for the timeline and the conversation' },
};
