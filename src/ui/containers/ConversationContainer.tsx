import { useShallow } from 'zustand/react/shallow';
import { ConversationPanel } from '../panels/ConversationPanel.tsx';
import { ProviderControls } from '../panels/ProviderControls.tsx';
import { ScenarioControlsContainer } from './ScenarioControlsContainer.tsx';
import { ScenarioEditorContainer } from './ScenarioEditorContainer.tsx';
import { useAppStore } from './store-context.tsx';

interface ConversationContainerProps {
  /** Presenter mode's narrow strip: the transcript only. */
  strip?: boolean;
}

export function ConversationContainer({ strip = false }: ConversationContainerProps) {
  const conversation = useAppStore((state) => state.conversation);
  const provider = useAppStore((state) => state.workspace.settings.provider);
  // A chip is highlighted only while the timeline shows the run its call belongs to.
  const selectedToolCallId = useAppStore((state) =>
    state.selectedCall && state.selectedCall.runId === (state.run?.id ?? null) ? state.selectedCall.toolCallId : null,
  );
  // Subscribing to the version re-renders the key field when a key changes; the key is read from the key store.
  useAppStore((state) => state.apiKeyVersion);
  const actions = useAppStore(
    useShallow((state) => ({
      sendMessage: state.sendMessage,
      updateSettings: state.updateSettings,
      apiKeyFor: state.apiKeyFor,
      setApiKey: state.setApiKey,
      selectCall: state.selectCall,
    })),
  );
  const { key, remembered } = actions.apiKeyFor(provider.kind);

  return (
    <ConversationPanel
      messages={conversation.messages}
      callStatus={conversation.callStatus}
      offeredTools={conversation.offeredTools}
      running={conversation.running}
      outcome={conversation.outcome}
      error={conversation.error}
      selectedToolCallId={selectedToolCallId}
      strip={strip}
      onSelectCall={(toolCallId) => actions.selectCall(toolCallId === null ? null : { toolCallId })}
      onSend={(text) => void actions.sendMessage(text)}
      scenarioControls={<ScenarioControlsContainer />}
      scenarioEditor={<ScenarioEditorContainer />}
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
  );
}
