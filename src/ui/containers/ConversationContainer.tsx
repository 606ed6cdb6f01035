import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ForkDialog } from '../debug/ForkDialog.tsx';
import { ConversationPanel } from '../panels/ConversationPanel.tsx';
import { ProviderControls } from '../panels/ProviderControls.tsx';
import { ExpectationsEditorContainer } from './ExpectationsEditorContainer.tsx';
import { ScenarioEditorContainer } from './ScenarioEditorContainer.tsx';
import { PauseContainer } from './PauseContainer.tsx';
import { StepToggleContainer } from './StepToggleContainer.tsx';
import { useAppStore } from './store-context.tsx';

export function ConversationContainer() {
  const conversation = useAppStore((state) => state.conversation);
  const workspaceScenarios = useAppStore((state) => state.workspace.scenarios);
  const scenarios = useMemo(() => workspaceScenarios.map(({ id, name }) => ({ id, name })), [workspaceScenarios]);
  const provider = useAppStore((state) => state.workspace.settings.provider);
  // Subscribing to the version re-renders the key field when a key changes; the key is read from the key store.
  useAppStore((state) => state.apiKeyVersion);
  const actions = useAppStore(
    useShallow((state) => ({
      selectedScenarioId: state.selectedScenarioId ?? state.workspace.scenarios[0]?.id ?? null,
      selectScenario: state.selectScenario,
      runScenario: state.runScenario,
      sendMessage: state.sendMessage,
      stopRun: state.stopRun,
      clearConversation: state.clearConversation,
      updateSettings: state.updateSettings,
      apiKeyFor: state.apiKeyFor,
      setApiKey: state.setApiKey,
    })),
  );
  const { key, remembered } = actions.apiKeyFor(provider.kind);
  const forkRun = useAppStore((state) => state.forkRun);
  const [forkIndex, setForkIndex] = useState<number | null>(null);
  const forkMessage = forkIndex === null ? undefined : conversation.messages[forkIndex];

  return (
    <>
      {forkMessage && forkIndex !== null && (forkMessage.role === 'tool' || forkMessage.role === 'assistant') && (
        <ForkDialog
          message={forkMessage}
          onClose={() => setForkIndex(null)}
          onRun={(edited) => {
            setForkIndex(null);
            void forkRun(forkIndex, edited);
          }}
        />
      )}
      <ConversationPanel
        messages={conversation.messages}
        callStatus={conversation.callStatus}
        offeredTools={conversation.offeredTools}
        running={conversation.running}
        outcome={conversation.outcome}
        error={conversation.error}
        scenarios={scenarios}
        selectedScenarioId={actions.selectedScenarioId}
        onSelectScenario={actions.selectScenario}
        onRunScenario={() => void actions.runScenario()}
        onSend={(text) => void actions.sendMessage(text)}
        onStop={actions.stopRun}
        onClear={actions.clearConversation}
        scenarioEditor={
          <>
            <ScenarioEditorContainer />
            <ExpectationsEditorContainer />
          </>
        }
        stepToggle={<StepToggleContainer />}
        pausePanel={<PauseContainer />}
        onFork={setForkIndex}
        providerControls={
          <ProviderControls
            provider={provider}
            apiKey={key}
            rememberKey={remembered}
            onProviderChange={(patch) => actions.updateSettings({ provider: { ...provider, ...patch } })}
            onApiKeyChange={(next) => actions.setApiKey(provider.kind, next, remembered)}
            onRememberKeyChange={(remember) => actions.setApiKey(provider.kind, key, remember)}
          />
        }
      />
    </>
  );
}
