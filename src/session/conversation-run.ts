// A conversation: the agent loop with the model the user chose (a scripted scenario, the free-form mock
// or a real provider) over the workspace's tools, health checked first so unhealthy tools are hidden.
import { runAgent, type AgentRunEvent, type RunAgentResult } from '../agent/index.ts';
import type { RegistryEvent, ToolHealth } from '../core/index.ts';
import type { LiveVersions } from './live-versions.ts';
import type { ChatMessage } from '../llm/index.ts';
import { executorFor } from './executor-for.ts';
import { replayingFirst, type ForkPlan } from './fork-plan.ts';
import { chooseModel } from './model-choice.ts';
import { startRun, untilStopped, type RunHandle, type RunInterruption } from './run-handle.ts';
import type { SessionDependencies } from './session-dependencies.ts';
import type { RunControl } from './run-control.ts';
import type { StepController } from './step-controller.ts';
import { recordPauses } from './pause-spans.ts';
import { providerKey, type ProviderKey } from './provider-key.ts';
import { runWorkspace, type LessonSetup } from './lesson-setup.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';

export interface ConversationRequest {
  /** The conversation so far, ending with the user's message. */
  messages: ChatMessage[];
  /** A scenario's JSON plays the scripted mock; null asks the provider in the settings. */
  scenarioSource: string | null;
  /**
   * Decides a canary's version for the whole conversation (the conversation's id). The run's settings may
   * route each call by its id instead (`canaryRouting: 'call'`, a lesson's setup among them).
   */
  routingKey?: string;
  /** The scenario's name, for the run history. */
  scenarioName?: string;
  /** A fork: the stored run it branches from, for the run history. */
  parentRunId?: string;
  /** A fork: where it left its parent, in words (ForkPlan.label), for the run history. */
  forkedAt?: string;
  /** Step mode: holds the run at its pause points (it may also be switched on while the run goes). */
  stepper?: StepController;
  /** A fork: `messages` is the replayed transcript; this says what else the branch replays. */
  fork?: Pick<ForkPlan, 'replay' | 'modelTurnsBefore'>;
}

export interface ConversationObserver {
  onEvent?(event: AgentRunEvent): void;
  /** The whole transcript, each time the run adds to it. */
  onMessages?(messages: readonly ChatMessage[]): void;
  /** The health check every run starts with, by tool name, and the tool ids of those names. */
  onHealth?(health: Record<string, ToolHealth>, toolIds: ReadonlyMap<string, string>): void;
  onWarning?(message: string): void;
  /** A tool's versions changed during the run (a Rollback, live) or its health did. */
  onRegistryEvent?(event: RegistryEvent): void;
  /** The workspace this run sees, once it is known: the person's, with the scenario's setup (`lesson`) if any. */
  onRunWorkspace?(workspace: Workspace, lesson: LessonSetup | null): void;
  /** What the run waits for before it starts, in words (a lesson's Python tool loading), or null. */
  onPreparing?(status: string | null): void;
}

export type ConversationOutcome =
  | { status: 'finished'; result: RunAgentResult }
  /** The run could not start: no model (a broken scenario, a missing key…). */
  | { status: 'refused'; error: string }
  | RunInterruption;

export function startConversation(
  dependencies: SessionDependencies,
  control: RunControl,
  request: ConversationRequest,
  observer: ConversationObserver = {},
  liveVersions?: LiveVersions,
): RunHandle<ConversationOutcome> {
  return startRun<ConversationOutcome>({
    control,
    onEvent: observer.onEvent,
    async body({ signal, emit }) {
      const ready = await untilStopped(dependencies.workspace.ready(), signal);
      const { view, runtime, lesson } = await untilStopped(
        runWorkspace(dependencies.runtime, ready, request.scenarioSource, new Date(), (status) => observer.onPreparing?.(status)),
        signal,
      );
      observer.onRunWorkspace?.(view.workspace, lesson);
      for (const problem of lesson?.problems ?? []) observer.onWarning?.(problem);
      const { settings } = view.workspace;
      const clock = dependencies.createClock(settings.speed);
      const { provider } = settings;
      // A scripted scenario plays the mock model: the provider (and its key) is not used.
      const key: ProviderKey = request.scenarioSource === null ? providerKey(dependencies.apiKeys, provider) : { ok: true };
      if (!key.ok) return { status: 'refused', error: key.message };
      const chosen = chooseModel({
        provider,
        apiKey: key.apiKey,
        clock,
        scenarioSource: request.scenarioSource,
        firstScriptedTurn: request.fork?.modelTurnsBefore,
      });
      if (typeof chosen === 'string') return { status: 'refused', error: chosen };
      const model = request.fork?.replay ? replayingFirst(chosen, request.fork.replay) : chosen;

      const { executor, toolIds, warnings } = await executorFor(runtime, { view, settings, clock });
      for (const warning of warnings) observer.onWarning?.(warning);
      // Unhealthy tools are then hidden from the model and their calls come back `unavailable`.
      observer.onHealth?.(await executor.checkHealth(), toolIds);
      const release =
        liveVersions?.attach(executor, (event) => {
          // A live version step joins the run's events, so the timeline marks when it happened.
          if (event.type === 'tool-versions-change' && event.change !== 'restore') emit(event);
          observer.onRegistryEvent?.(event);
        }) ?? (() => {});
      const stopRecordingPauses = request.stepper ? recordPauses(request.stepper, clock, emit) : () => {};
      const result = await runAgent({
        model,
        executor,
        messages: request.messages,
        maxIterations: settings.maxIterations,
        signal,
        onEvent: emit,
        onMessages: observer.onMessages,
        clock,
        toolSelection: settings.toolSelection,
        routingKey: settings.canaryRouting === 'call' ? undefined : request.routingKey,
        controller: request.stepper?.attach(signal),
      }).finally(() => {
        stopRecordingPauses();
        release();
      });
      return { status: 'finished', result };
    },
  });
}
