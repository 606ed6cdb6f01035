// Step mode as the UI sees it: the toggle, and the pause a run is held at. The session's StepController
// does the holding; this slice hands one to each conversation run and mirrors where it paused.
import type { StateCreator } from 'zustand/vanilla';
import { StepController, type PauseEdit, type PausePoint } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export interface StepSlice {
  /** Pause before each model call and tool batch, and after each batch. */
  stepMode: boolean;
  /** Where the running conversation is held, if it is. */
  pause: PausePoint | null;
  setStepMode(on: boolean): void;
  /** Goes on from the pause with the user's edits; `step` holds it again at the next point. */
  resumeRun(edit?: PauseEdit, options?: { step?: boolean }): void;
  /** The step controller for a new conversation run (the conversation slice asks for one per run). */
  stepperForRun(): StepController;
}

export const createStepSlice = (): StateCreator<AppState, AppMiddlewares, [], StepSlice> => (set, get) => {
  let current: StepController | null = null;
  return {
    stepMode: false,
    pause: null,

    setStepMode(on) {
      set({ stepMode: on }, undefined, 'step/mode');
      current?.setStepping(on);
    },

    resumeRun(edit, options) {
      current?.resume(edit, options);
      // Continue (not Step) leaves step mode for the rest of the run, and the toggle says so.
      if (!options?.step && get().stepMode) set({ stepMode: false }, undefined, 'step/mode');
    },

    stepperForRun() {
      const stepper = new StepController(get().stepMode);
      current = stepper;
      stepper.onPause((point) => {
        if (current === stepper) set({ pause: point }, undefined, 'step/pause');
      });
      set({ pause: null }, undefined, 'step/pause');
      return stepper;
    },
  };
};
