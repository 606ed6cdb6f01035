import type { StateCreator } from 'zustand/vanilla';
import type { ApiKeyStore, ChatMessage } from '../llm/index.ts';
import { scenarioName, type ConversationOutcome, type ConversationRequest, type Session } from '../session/index.ts';
import { newId } from '../workspace/new-id.ts';
import type { AgentRunEvent } from '../agent/agent-types.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { FrameBatch, type FrameScheduler } from './frame-batch.ts';
import { carriedCallStatus, liveCallStatus, type LiveCallStatus } from '../trace/index.ts';
import { offeredToolsByMessage } from './offered-tools.ts';
import type { RunRecord } from './run-slice.ts';

export interface ConversationState {
  /** New for each conversation (a scenario run, or after Clear); the routing key of its tool calls during a canary. */
  id: string;
  messages: ChatMessage[];
  /** With discovery on: the tools offered on each turn, by the index of that turn's assistant message. */
  offeredTools: Record<number, string[]>;
  running: boolean;
  callStatus: Record<string, LiveCallStatus>;
  /** How the last run ended, in words. */
  outcome: string | null;
  error: string | null;
  /** What the run waits for before its first turn, in words ("Loading Python for rate_limited…"), or null. */
  preparing?: string | null;
}

export interface ConversationSlice {
  conversation: ConversationState;
  selectedScenarioId: string | null;
  /** Bumped when a key changes, so key fields re-render; the keys themselves stay in the key store. */
  apiKeyVersion: number;
  selectScenario(scenarioId: string): void;
  sendMessage(text: string): Promise<void>;
  /** Plays the selected scenario; a lesson's setup (its `prepare`) is for this run only (lesson-run-slice.ts). */
  runScenario(): Promise<void>;
  /** Runs a branch from a replayed transcript (a fork, see fork-slice.ts). */
  runBranch(
    messages: ChatMessage[],
    scenario: { source: string; name: string } | null,
    branch: Pick<ConversationRequest, 'fork' | 'parentRunId' | 'forkedAt'>,
  ): Promise<void>;
  clearConversation(): void;
  /** `enteredFor`: the address the key was entered for (a run sends it nowhere else without a confirm). */
  apiKeyFor(provider: string): { key: string; remembered: boolean; enteredFor?: string };
  /** `endpoint` binds the key to that address (typing a key, or confirming it for a new base URL). */
  setApiKey(provider: string, key: string, remember: boolean, endpoint?: string): void;
}

const emptyConversation = (): ConversationState => ({
  id: newId(),
  messages: [],
  offeredTools: {},
  running: false,
  callStatus: {},
  outcome: null,
  error: null,
  preparing: null,
});

/** How a run ended, in words for the status line. */
function describeEnd(outcome: ConversationOutcome): Pick<ConversationState, 'outcome' | 'error'> {
  switch (outcome.status) {
    case 'finished': {
      const { stopReason, iterations, usage, error } = outcome.result;
      const calls = `${iterations} ${iterations === 1 ? 'model call' : 'model calls'}`;
      return {
        outcome:
          iterations === 0
            ? `${stopReason.replace('_', ' ')} before any model call`
            : `${stopReason.replace('_', ' ')} after ${calls} · ${usage.totalTokens} tokens`,
        error: error ? error.message : null,
      };
    }
    case 'refused':
      return { outcome: null, error: outcome.error };
    case 'stopped':
      return { outcome: 'stopped before the run started', error: null };
    case 'failed':
      return { outcome: null, error: `The run failed: ${outcome.error}` };
  }
}

export const createConversationSlice =
  (
    session: Session,
    apiKeys: ApiKeyStore,
    frames: FrameScheduler,
    selectedScenarioId: string | null = null,
  ): StateCreator<AppState, AppMiddlewares, [], ConversationSlice> =>
  (set, get) => {
    const patchConversation = (patch: Partial<ConversationState>, action: string) =>
      set((state) => ({ conversation: { ...state.conversation, ...patch } }), undefined, action);

    /** One agent run from `messages`: the session builds its executor; this mirrors what it reports. */
    async function run(
      messages: ChatMessage[],
      scenarioSource: string | null,
      scenarioName?: string,
      branch: Pick<ConversationRequest, 'fork' | 'parentRunId' | 'forkedAt'> = {},
    ) {
      const callStatus = carriedCallStatus(get().conversation.callStatus, messages);
      patchConversation({ messages, running: true, callStatus, outcome: null, error: null }, 'conversation/start');
      // The conversation on show is no longer a kept run: a fork of it names this run once it is kept.
      set({ openedStoredRunId: null, latestStoredRunId: null }, undefined, 'conversation/startKept');
      // The session routes by call instead when the run's settings (a lesson's setup among them) say so.
      const routingKey = get().conversation.id;
      // A turn's offer is known (model-call-start) before its assistant message arrives, so it shows with it.
      const offeredByIteration = new Map<number, string[]>();
      const earlierOffers = get().conversation.offeredTools;
      const offersFor = (transcript: readonly ChatMessage[]) => ({
        ...earlierOffers,
        ...offeredToolsByMessage(transcript, messages.length, offeredByIteration),
      });
      let record: RunRecord | null = null;
      // The store follows the run once per frame, however many events arrive in it (see frame-batch.ts).
      const mirror = new FrameBatch<AgentRunEvent>(frames, (events) => {
        record ??= get().showRun('agent', handle);
        get().recordRunEvent(record);
        const status = liveCallStatus(get().conversation.callStatus, events);
        if (status) patchConversation({ callStatus: status }, 'conversation/callStatus');
      });
      const handle = session.startConversation(
        { messages, scenarioSource, routingKey, scenarioName, stepper: get().stepperForRun(), ...branch },
        {
          onEvent(event) {
            if (event.type === 'model-call-start' && event.offeredTools) offeredByIteration.set(event.iteration, event.offeredTools);
            mirror.add(event);
          },
          onMessages: (transcript) =>
            patchConversation({ messages: [...transcript], offeredTools: offersFor(transcript) }, 'conversation/messages'),
          onHealth: (health, toolIds) => get().recordHealth(health, toolIds),
          onWarning: (message) => get().notify({ level: 'warning', message }),
          onRunWorkspace(_workspace, lesson) {
            if (lesson) get().beginLessonRun(handle.id, scenarioName ?? 'The scenario', lesson);
          },
          onPreparing: (status) => patchConversation({ preparing: status }, 'conversation/preparing'),
          // Core reports a step taken in the Versions tab while this run goes on (session/live-versions.ts).
          onRegistryEvent(event) {
            if (event.type !== 'tool-versions-change' || event.change === 'restore') return;
            const serving = event.versions
              .filter((version) => version.traffic > 0)
              .map((version) => `${version.version} ${Math.round(version.traffic * 100)}%`);
            get().notify({
              level: 'info',
              message: `${event.name} in the running conversation: its later calls go to ${serving.join(', ')}.`,
            });
          },
        },
      );
      const outcome = await handle.done;
      mirror.flush();
      get().endLessonRun(handle.id);
      const transcript = outcome.status === 'finished' ? outcome.result.messages : get().conversation.messages;
      patchConversation(
        { messages: transcript, offeredTools: offersFor(transcript), running: false, preparing: null, ...describeEnd(outcome) },
        'conversation/end',
      );
    }

    return {
      conversation: emptyConversation(),
      selectedScenarioId,
      apiKeyVersion: 0,

      selectScenario: (scenarioId) => set({ selectedScenarioId: scenarioId }, undefined, 'conversation/selectScenario'),

      async sendMessage(text) {
        if (get().conversation.running) return;
        const messages: ChatMessage[] = [...get().conversation.messages, { role: 'user', content: text }];
        await run(messages, null);
      },

      async runScenario() {
        const { workspace, selectedScenarioId, conversation } = get();
        if (conversation.running) return;
        const scenario = workspace.scenarios.find((candidate) => candidate.id === selectedScenarioId) ?? workspace.scenarios[0];
        if (!scenario) return;
        // The scripted model ignores the prompt, but a transcript reads better when it starts with the user.
        // Named as its JSON says: an edited `name` is the one the run is listed under.
        const name = scenarioName(scenario);
        const prompt: ChatMessage = { role: 'user', content: name };
        // Each scenario run is a new conversation (a new routing key too).
        set({ conversation: emptyConversation() }, undefined, 'conversation/new');
        await run([prompt], scenario.source, name);
      },

      async runBranch(messages, scenario, branch) {
        if (get().conversation.running) return;
        await run(messages, scenario?.source ?? null, scenario?.name, branch);
      },

      clearConversation: () => set({ conversation: emptyConversation() }, undefined, 'conversation/clear'),

      apiKeyFor(provider) {
        const enteredFor = apiKeys.endpointOf(provider);
        const found = { key: apiKeys.get(provider) ?? '', remembered: apiKeys.isRemembered(provider) };
        return enteredFor === undefined ? found : { ...found, enteredFor };
      },

      setApiKey(provider, key, remember, endpoint) {
        apiKeys.set(provider, key, endpoint === undefined ? { remember } : { remember, endpoint });
        set((state) => ({ apiKeyVersion: state.apiKeyVersion + 1 }), undefined, 'conversation/setApiKey');
      },
    };
  };
