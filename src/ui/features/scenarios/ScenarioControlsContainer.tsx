import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ScenarioControls } from './ScenarioControls.tsx';
import { StepToggleContainer } from '../step-mode/StepToggleContainer.tsx';
import { useAppStore } from '../../store-context.tsx';

interface ScenarioControlsContainerProps {
  /** Show the Step toggle (the conversation does; presenter mode's bar does not). */
  withStepToggle?: boolean;
}

/** Scenario picker, Run scenario, Speed, Stop and Clear, wired to the store (conversation and presenter bar). */
export function ScenarioControlsContainer({ withStepToggle = false }: ScenarioControlsContainerProps) {
  const workspaceScenarios = useAppStore((state) => state.workspace.scenarios);
  const scenarios = useMemo(() => workspaceScenarios.map(({ id, name }) => ({ id, name })), [workspaceScenarios]);
  const state = useAppStore(
    useShallow((current) => ({
      selectedScenarioId: current.selectedScenarioId ?? current.workspace.scenarios[0]?.id ?? null,
      running: current.conversation.running,
      canClear: current.conversation.messages.length > 0,
      speed: current.workspace.settings.speed,
      selectScenario: current.selectScenario,
      runScenario: current.runScenario,
      stopRun: current.stopRun,
      clearConversation: current.clearConversation,
      updateSettings: current.updateSettings,
    })),
  );
  return (
    <ScenarioControls
      scenarios={scenarios}
      selectedScenarioId={state.selectedScenarioId}
      running={state.running}
      canClear={state.canClear}
      speed={state.speed}
      onSelectScenario={state.selectScenario}
      onRunScenario={() => void state.runScenario()}
      onSpeedChange={(speed) => state.updateSettings({ speed })}
      onStop={state.stopRun}
      onClear={state.clearConversation}
      stepToggle={withStepToggle ? <StepToggleContainer /> : undefined}
    />
  );
}
