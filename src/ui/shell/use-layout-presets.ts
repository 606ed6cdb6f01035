import { useEffect, useRef, useState } from 'react';
import { useGroupRef } from 'react-resizable-panels';
import type { AppState, AppStore } from '../../store/app-state.ts';
import type { TourLayout } from '../../tour/index.ts';
import { lessonLayouts, type LayoutPreset } from './layout-presets.ts';
import type { WorkbenchGroups } from './Workbench.tsx';

// The conversation and tour slices join with the run layer, a moment after the first paint (store/shell-store.ts).
const conversationRunning = (state: AppState) => (state as Partial<AppState>).conversation?.running === true;
const tourOpen = (state: AppState) => (state as Partial<AppState>).tour?.open === true;

export interface LayoutPresets {
  groups: WorkbenchGroups;
  /** The preset in force; null once the person dragged a separator (or a lesson layout is on show). */
  active: LayoutPreset | null;
  apply(preset: LayoutPreset): void;
  resizedByHand(): void;
}

/**
 * The Edit and Run layouts of the workbench. The first conversation run started from the untouched Edit
 * layout switches to Run, so the timeline gets the room it needs; after that, and after any choice or
 * drag by the person, the layout is left alone. A tour chapter asks for its lesson layout through the
 * store (`layoutRequest`); closing the tour puts back the layout that was in force before it.
 */
export function useLayoutPresets(store: AppStore): LayoutPresets {
  const outer = useGroupRef();
  const work = useGroupRef();
  const top = useGroupRef();
  const left = useGroupRef();
  const middle = useGroupRef();
  const [active, setActive] = useState<LayoutPreset | null>('edit');
  const chosen = useRef(false);
  const apply = (layout: TourLayout) => {
    const sizes = lessonLayouts[layout];
    outer.current?.setLayout(sizes.outer);
    work.current?.setLayout(sizes.work);
    top.current?.setLayout(sizes.top);
    left.current?.setLayout(sizes.left);
    middle.current?.setLayout(sizes.middle);
    setActive(layout === 'edit' || layout === 'run' ? layout : null);
  };
  const latest = useRef({ apply, active });
  useEffect(() => {
    latest.current = { apply, active };
  });
  useEffect(() => {
    // The preset in force before the tour's first lesson layout, restored when it closes.
    let beforeTour: LayoutPreset | null = null;
    return store.subscribe((state, previous) => {
      if (state.layoutRequest !== previous.layoutRequest && state.layoutRequest) {
        if (beforeTour === null) beforeTour = latest.current.active ?? 'run';
        chosen.current = true;
        latest.current.apply(state.layoutRequest.layout);
      }
      if (!tourOpen(state) && tourOpen(previous) && beforeTour !== null) {
        latest.current.apply(beforeTour);
        beforeTour = null;
      }
      if (!conversationRunning(state) || conversationRunning(previous) || chosen.current) return;
      chosen.current = true;
      latest.current.apply('run');
    });
  }, [store]);
  return {
    groups: { outer, work, top, left, middle },
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
