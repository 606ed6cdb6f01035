import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

/** The Step toggle beside Run scenario / Send. */
export function StepToggleContainer() {
  const store = useAppStoreApi();
  const stepMode = useAppStore((state) => state.stepMode);
  return (
    <label className="step-toggle" title="Pause before each model call and tool batch, and after each batch">
      <input type="checkbox" checked={stepMode} onChange={(event) => store.getState().setStepMode(event.target.checked)} />
      Step
    </label>
  );
}
