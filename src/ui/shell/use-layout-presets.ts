import { useEffect, useRef, useState } from 'react';
import { useGroupRef } from 'react-resizable-panels';
import type { AppState, AppStore } from '../../store/app-state.ts';
import { presetLayouts, type LayoutPreset } from './layout-presets.ts';
import type { WorkbenchGroups } from './Workbench.tsx';

/** The conversation slice joins with the run layer, a moment after the first paint (store/shell-store.ts). */
const conversationRunning = (state: AppState) => (state as Partial<AppState>).conversation?.running === true;

export interface LayoutPresets {
  groups: WorkbenchGroups;
  /** The preset in force; null once the person dragged a separator. */
  active: LayoutPreset | null;
  apply(preset: LayoutPreset): void;
  resizedByHand(): void;
}

/**
 * The Edit and Run layouts of the workbench. The first conversation run started from the untouched Edit
 * layout switches to Run, so the timeline gets the room it needs; after that, and after any choice or
 * drag by the person, the layout is left alone.
 */
export function useLayoutPresets(store: AppStore): LayoutPresets {
  const outer = useGroupRef();
  const work = useGroupRef();
  const top = useGroupRef();
  const [active, setActive] = useState<LayoutPreset | null>('edit');
  const chosen = useRef(false);
  const apply = (preset: LayoutPreset) => {
    outer.current?.setLayout(presetLayouts[preset].outer);
    work.current?.setLayout(presetLayouts[preset].work);
    top.current?.setLayout(presetLayouts[preset].top);
    setActive(preset);
  };
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (!conversationRunning(state) || conversationRunning(previous) || chosen.current) return;
        chosen.current = true;
        latestApply.current('run');
      }),
    [store],
  );
  return {
    groups: { outer, work, top },
    active,
    apply: (preset) => {
      chosen.current = true;
      apply(preset);
    },
    resizedByHand: () => {
      chosen.current = true;
      setActive(null);
    },
  };
}
