import { PausePanel } from './PausePanel.tsx';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

/** Where the running conversation is held in step mode, with its edits. */
export function PauseContainer() {
  const store = useAppStoreApi();
  const pause = useAppStore((state) => state.pause);
  if (!pause) return null;
  return (
    <PausePanel
      // A new pause point starts a new draft.
      key={`${pause.kind}-${pause.iteration}`}
      point={pause}
      onContinue={(edit) => store.getState().resumeRun(edit)}
      onStep={(edit) => store.getState().resumeRun(edit, { step: true })}
      onStop={() => store.getState().stopRun()}
    />
  );
}
