import type { StateCreator } from 'zustand/vanilla';
import { runAgent } from '../agent/index.ts';
import type { AgentRunEvent } from '../agent/types.ts';
import type { Clock } from '../core/index.ts';
import type { ApiKeyStore, ChatMessage, LanguageModel } from '../llm/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { liveCallStatus, type LiveCallStatus } from './live-call-status.ts';
import { chooseModel } from './model-choice.ts';
import { offeredToolsByMessage } from './offered-tools.ts';
import type { RunControl } from './run-control.ts';
import type { RunRecord } from './run-slice.ts';
import { buildToolExecutor } from './runtime/build-tool-executor.ts';
import type { ToolRuntime } from './runtime/tool-runtime.ts';
import { newId } from '../workspace/ids.ts';

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
}

export interface ConversationSlice {
  conversation: ConversationState;
  selectedScenarioId: string | null;
  /** Bumped when a key changes, so key fields re-render; the keys themselves stay in the key store. */
  apiKeyVersion: number;
  selectScenario(scenarioId: string): void;
  sendMessage(text: string): Promise<void>;
  runScenario(): Promise<void>;
  clearConversation(): void;
  apiKeyFor(provider: string): { key: string; remembered: boolean };
  setApiKey(provider: string, key: string, remember: boolean): void;
}

export interface ConversationDependencies {
  runtime: ToolRuntime;
  runControl: RunControl;
  apiKeys: ApiKeyStore;
  createClock(speed: number): Clock;
}

const emptyConversation = (): ConversationState => ({
  id: newId(),
  messages: [],
  offeredTools: {},
  running: false,
  callStatus: {},
  outcome: null,
  error: null,
});

export const createConversationSlice =
  ({
    runtime,
    runControl,
    apiKeys,
    createClock,
  }: ConversationDependencies): StateCreator<AppState, AppMiddlewares, [], ConversationSlice> =>
  (set, get) => {
    const patchConversation = (patch: Partial<ConversationState>, action: string) =>
      set((state) => ({ conversation: { ...state.conversation, ...patch } }), undefined, action);

    /** One agent run from `messages` with `model`: builds a fresh executor from the enabled, compiled tools. */
    async function run(messages: ChatMessage[], pickModel: (clock: Clock) => LanguageModel | string) {
      const { id, signal } = runControl.start();
      patchConversation({ messages, running: true, callStatus: {}, outcome: null, error: null }, 'conversation/start');
      // Tools still compiling (just after start-up, or right after an edit) would otherwise be missing
      // from the run, and the model would get unknown_tool for them.
      await get().compileEnabledTools();
      const { settings } = get().workspace;
      const clock = createClock(settings.speed);
      const model = signal.aborted ? 'Stopped before the run started.' : pickModel(clock);
      if (typeof model === 'string') {
        runControl.finish(signal);
        patchConversation({ running: false, error: model, outcome: null }, 'conversation/error');
        return;
      }
      const record: RunRecord = { id, kind: 'agent', events: [], version: 0 };
      set({ run: record }, undefined, 'run/start');

      const executorOptions = {
        timeoutMs: settings.timeoutMs,
        retry: settings.retry,
        clock,
        concurrency: settings.concurrency ?? Infinity,
      };
      const { executor, toolIds, warnings } = await buildToolExecutor(get(), runtime, executorOptions);
      for (const warning of warnings) get().notify({ level: 'warning', message: warning });
      // Unhealthy tools are then hidden from the model and their calls come back `unavailable`.
      get().recordHealth(await executor.checkHealth(), toolIds);
      const offeredByIteration = new Map<number, string[]>();
      const onEvent = (event: AgentRunEvent) => {
        get().recordRunEvent(record, event);
        if (event.type === 'model-call-start' && event.offeredTools) offeredByIteration.set(event.iteration, event.offeredTools);
        const status = liveCallStatus(get().conversation.callStatus, event);
        if (status) patchConversation({ callStatus: status }, 'conversation/callStatus');
      };
      const routingKey = settings.canaryRouting === 'call' ? undefined : get().conversation.id;
      // A turn's offer is known (model-call-start) before its assistant message arrives, so it shows with it.
      const earlierOffers = get().conversation.offeredTools;
      const offersFor = (transcript: readonly ChatMessage[]) => ({
        ...earlierOffers,
        ...offeredToolsByMessage(transcript, messages.length, offeredByIteration),
      });
      const onMessages = (transcript: readonly ChatMessage[]) =>
        patchConversation({ messages: [...transcript], offeredTools: offersFor(transcript) }, 'conversation/messages');
      const result = await runAgent({
        model,
        executor,
        messages,
        maxIterations: settings.maxIterations,
        signal,
        onEvent,
        onMessages,
        clock,
        toolSelection: settings.toolSelection,
        routingKey,
      });
      runControl.finish(signal);
      patchConversation(
        {
          messages: result.messages,
          offeredTools: offersFor(result.messages),
          running: false,
          outcome: `${result.stopReason.replace('_', ' ')} after ${result.iterations} ${result.iterations === 1 ? 'model call' : 'model calls'} · ${result.usage.totalTokens} tokens`,
          error: result.error ? result.error.message : null,
        },
        'conversation/end',
      );
    }

    return {
      conversation: emptyConversation(),
      selectedScenarioId: null,
      apiKeyVersion: 0,

      selectScenario: (scenarioId) => set({ selectedScenarioId: scenarioId }, undefined, 'conversation/selectScenario'),

      async sendMessage(text) {
        if (get().conversation.running) return;
        const messages: ChatMessage[] = [...get().conversation.messages, { role: 'user', content: text }];
        const { provider } = get().workspace.settings;
        await run(messages, (clock) => chooseModel({ provider, apiKey: apiKeys.get(provider.kind), clock, scenarioSource: null }));
      },

      async runScenario() {
        const { workspace, selectedScenarioId, conversation } = get();
        if (conversation.running) return;
        const scenario = workspace.scenarios.find((candidate) => candidate.id === selectedScenarioId) ?? workspace.scenarios[0];
        if (!scenario) return;
        // The scripted model ignores the prompt, but a transcript reads better when it starts with the user.
        const prompt: ChatMessage = { role: 'user', content: scenario.name };
        // Each scenario run is a new conversation (a new routing key too).
        set({ conversation: emptyConversation() }, undefined, 'conversation/new');
        await run([prompt], (clock) =>
          chooseModel({ provider: { kind: 'mock', model: 'mock-1', baseUrl: '', stream: true }, clock, scenarioSource: scenario.source }),
        );
      },

      clearConversation: () => set({ conversation: emptyConversation() }, undefined, 'conversation/clear'),

      apiKeyFor: (provider) => ({ key: apiKeys.get(provider) ?? '', remembered: apiKeys.isRemembered(provider) }),

      setApiKey(provider, key, remember) {
        apiKeys.set(provider, key, { remember });
        set((state) => ({ apiKeyVersion: state.apiKeyVersion + 1 }), undefined, 'conversation/setApiKey');
      },
    };
  };
