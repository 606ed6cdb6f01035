import { useCallback, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ForkDialog } from '../step-mode/ForkDialog.tsx';
import { ConversationPanel } from './ConversationPanel.tsx';
import { ComposerContainer } from './ComposerContainer.tsx';
import { ProviderControls } from './ProviderControls.tsx';
import { ScenarioControlsContainer } from '../scenarios/ScenarioControlsContainer.tsx';
import { ExpectationsEditorContainer } from '../tests/ExpectationsEditorContainer.tsx';
import { PauseContainer } from '../step-mode/PauseContainer.tsx';
import { ScenarioEditorContainer } from '../scenarios/ScenarioEditorContainer.tsx';
import { useAppStore } from '../../store-context.tsx';
import type { AppState } from '../../../store/app-state.ts';
import { providerEndpoint, type ProviderPresetId } from '../../../llm/index.ts';

/**
 * Why presenter mode's strip shows no conversation: the one it has is not what the class is looking at
 * (another scenario is picked for the next run). A previous run's answer beside another lesson would
 * tell the wrong story. (While Compare is on show the strip steps aside: PresenterContainer.)
 */
function stripNoteOf(state: AppState): string | null {
  const { conversation, workspace, selectedScenarioId } = state;
  if (conversation.running || conversation.messages.length === 0) return null;
  const selected = workspace.scenarios.find((scenario) => scenario.id === selectedScenarioId) ?? workspace.scenarios[0];
  const [opening] = conversation.messages;
  const played = opening?.role === 'user' ? workspace.scenarios.find((scenario) => scenario.name === opening.content) : undefined;
  if (played && selected && played.id !== selected.id) return `Run “${selected.name}” to see its conversation here.`;
  return null;
}

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
      updateSettings: state.updateSettings,
      apiKeyFor: state.apiKeyFor,
      setApiKey: state.setApiKey,
      selectCall: state.selectCall,
    })),
  );
  const { key, remembered, enteredFor } = actions.apiKeyFor(provider.kind);
  const endpoint = provider.kind === 'mock' ? '' : providerEndpoint(provider.kind as ProviderPresetId, provider.baseUrl);
  // Stable, so a run's status changes re-render only the chips whose status changed (ConversationMessage is memoized).
  const { selectCall } = actions;
  const onSelectCall = useCallback((toolCallId: string | null) => selectCall(toolCallId === null ? null : { toolCallId }), [selectCall]);
  const forkRun = useAppStore((state) => state.forkRun);
  const paused = useAppStore((state) => state.pause !== null);
  const [forkIndex, setForkIndex] = useState<number | null>(null);
  const stripNote = useAppStore((state) => (strip ? stripNoteOf(state) : null));
  const forkMessage = forkIndex === null ? undefined : conversation.messages[forkIndex];
  // The panel re-renders on every frame of a run (its chips' statuses). These parts read the store
  // themselves: made once, they re-render only when what they read changes, not with each frame (two of
  // them are Monaco editors, each given its options again on every render).
  const scenarioControls = useMemo(() => <ScenarioControlsContainer withStepToggle />, []);
  const scenarioEditor = useMemo(
    () => (
      <>
        <ScenarioEditorContainer />
        <ExpectationsEditorContainer />
      </>
    ),
    [],
  );
  const pausePanel = useMemo(() => <PauseContainer />, []);
  const composer = useMemo(() => <ComposerContainer running={conversation.running} />, [conversation.running]);

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
        selectedToolCallId={selectedToolCallId}
        strip={strip}
        stripNote={stripNote}
        onSelectCall={onSelectCall}
        composer={composer}
        scenarioControls={scenarioControls}
        scenarioEditor={scenarioEditor}
        paused={paused}
        pausePanel={pausePanel}
        onFork={setForkIndex}
        providerControls={
          <ProviderControls
            provider={provider}
            apiKey={key}
            rememberKey={remembered}
            keyEnteredFor={enteredFor}
            endpoint={endpoint}
            onUseKeyHere={() => actions.setApiKey(provider.kind, key, remembered, endpoint)}
            onProviderChange={(patch) => actions.updateSettings({ provider: { ...provider, ...patch } })}
            onApiKeyChange={(next) => actions.setApiKey(provider.kind, next, remembered, endpoint)}
            onRememberKeyChange={(remember) => actions.setApiKey(provider.kind, key, remember)}
          />
        }
      />
    </>
  );
}
