// The agent loop's public types: what a run takes, what it returns, and the events it reports for the
// timeline. Agent events carry `time` from the same clock as the executor's events, so both sit on one axis.
import type { Clock, ExecutorEvent, ToolExecutor, ToolVersionsChangeEvent } from '../core/index.ts';
import type { AgentController } from './agent-controller.ts';
import type { ChatMessage, FinishReason, LanguageModel, ProviderErrorKind, StreamDelta, Usage } from '../llm/index.ts';

export type StopReason = 'final_answer' | 'max_iterations' | 'aborted' | 'model_error';

/** A model failure as plain data (it goes into the store and exports). Never contains an API key. */
export interface AgentError {
  kind: ProviderErrorKind | 'unknown';
  message: string;
  status?: number;
  retryAfterMs?: number;
}

interface AgentEventBase {
  time: number;
  /** 1-based. */
  iteration: number;
}

export interface StepStartEvent extends AgentEventBase {
  type: 'step-start';
}

export interface StepEndEvent extends AgentEventBase {
  type: 'step-end';
  toolCallCount: number;
}

export interface ModelCallStartEvent extends AgentEventBase {
  type: 'model-call-start';
  modelId: string;
  messageCount: number;
  toolCount: number;
  /** With `toolSelection: { strategy: 'discover' }`: the names of the tools offered on this turn. */
  offeredTools?: string[];
  /** Discovery failed, so every tool was offered; why. */
  discoveryError?: string;
}

export interface ModelDeltaEvent extends AgentEventBase {
  type: 'model-delta';
  delta: StreamDelta;
}

export interface ModelCallEndEvent extends AgentEventBase {
  type: 'model-call-end';
  startedAt: number;
  latencyMs: number;
  /** Absent when the call failed. */
  usage?: Usage;
  finishReason?: FinishReason;
  toolCallCount?: number;
  error?: AgentError;
}

/** Step mode began holding the run at `time`; the `step-pause` event that follows says until when. */
export interface StepPauseStartEvent extends AgentEventBase {
  type: 'step-pause-start';
}

/** Step mode held the run from `pausedAt` until `time` (the person read, edited, then went on or stopped). */
export interface StepPauseEvent extends AgentEventBase {
  type: 'step-pause';
  pausedAt: number;
}

export type AgentEvent =
  StepStartEvent | StepEndEvent | ModelCallStartEvent | ModelDeltaEvent | ModelCallEndEvent | StepPauseStartEvent | StepPauseEvent;

/**
 * Everything a run reports, in the order it happened: the loop's and the executor's events, and a step the
 * person took on a tool's versions while the run went on (a live Rollback), which the timeline marks.
 */
export type AgentRunEvent = AgentEvent | ExecutorEvent | ToolVersionsChangeEvent;

/** The part of ToolExecutor the loop uses (the real one satisfies it; tests may pass a stand-in). */
export type AgentExecutor = Pick<ToolExecutor, 'getDefinitions' | 'executeBatch' | 'on'> &
  Partial<Pick<ToolExecutor, 'discover' | 'recordDiscovery' | 'whenWorkSettled'>>;

/**
 * 'all' offers every (healthy) tool on every turn. 'discover' offers the `limit` (default 5) tools most
 * relevant to the user's latest message, and counts whether the model called offered tools.
 */
export interface ToolSelection {
  strategy: 'all' | 'discover';
  limit?: number;
}

export interface RunAgentOptions {
  model: LanguageModel;
  executor: AgentExecutor;
  /** The conversation so far, ending with the user's message. Not mutated. */
  messages: readonly ChatMessage[];
  /** Model calls at most. Default 10. */
  maxIterations?: number;
  /** Extra limit on calls running at once within one batch. */
  concurrency?: number;
  /** Per-attempt timeout for tools that declare none. */
  timeoutMs?: number;
  signal?: AbortSignal;
  onEvent?: (event: AgentRunEvent) => void;
  /** Called with the whole transcript each time the run adds to it (assistant turn, then its tool results). */
  onMessages?: (messages: readonly ChatMessage[]) => void;
  /** Must be the executor's clock, so agent and executor events share one time axis. Default RealClock. */
  clock?: Clock;
  /** Stream model output as `model-delta` events. Default true when `onEvent` is given. */
  stream?: boolean;
  /** Which tools each turn offers. Default `{ strategy: 'all' }`. */
  toolSelection?: ToolSelection;
  /**
   * Decides which version of a tool serves this run's calls during a canary (a conversation id, so one
   * conversation sees one version). Default: each call is routed by its own id.
   */
  routingKey?: string;
  /** Pause points (step mode): consulted before each model call and tool batch, and after each batch. */
  controller?: AgentController;
}

export interface RunAgentResult {
  /** The conversation with everything this run added. */
  messages: ChatMessage[];
  /** The model's final answer; only for `final_answer`. */
  reply?: string;
  /** Model calls made. */
  iterations: number;
  stopReason: StopReason;
  /** Summed over all model calls. */
  usage: Usage;
  /** Why the run stopped, for `model_error`. */
  error?: AgentError;
}
