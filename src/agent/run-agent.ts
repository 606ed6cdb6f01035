// The agent loop: model -> tool calls -> executor batch -> one tool message per call -> model, until the
// model answers without tools, the iteration limit is hit, the caller aborts, or the model fails.
import { RealClock, messageOf } from '../core/index.ts';
import type { ChatMessage, GenerateResult, Usage } from '../llm/index.ts';
import { addUsage, emptyUsage, isProviderError } from '../llm/index.ts';
import { reconcileCalls, reconcileToolMessages } from './agent-controller.ts';
import { cutOffError } from './cut-off.ts';
import { normalizeToolCallIds } from './tool-call-ids.ts';
import { toolMessagesFor } from './tool-messages.ts';
import { assertCanSelect, offerTools, type ToolOffer } from './tool-selection.ts';
import type { AgentError, AgentEvent, AgentRunEvent, RunAgentOptions, RunAgentResult, StopReason } from './agent-types.ts';

export const defaultMaxIterations = 10;

/** An agent event before it is stamped (distributes over the union, so each member keeps its fields). */
type Unstamped<Event> = Event extends unknown ? Omit<Event, 'time'> : never;

export function toAgentError(error: unknown): AgentError {
  if (isProviderError(error)) return { kind: error.kind, message: error.message, status: error.status, retryAfterMs: error.retryAfterMs };
  return { kind: 'unknown', message: messageOf(error) };
}

export async function runAgent(options: RunAgentOptions): Promise<RunAgentResult> {
  const { model, executor, signal, concurrency, timeoutMs, routingKey, controller } = options;
  const clock = options.clock ?? new RealClock();
  const maxIterations = options.maxIterations ?? defaultMaxIterations;
  const messages: ChatMessage[] = [...options.messages];
  // Reports the transcript as it grows, so a UI can show an assistant's tool calls while they run.
  const append = (...added: ChatMessage[]): void => {
    messages.push(...added);
    options.onMessages?.([...messages]);
  };
  let usage: Usage = { ...emptyUsage };
  let iterations = 0;

  const report = (event: AgentRunEvent): void => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      // A broken timeline must not break the run (the executor treats its listeners the same way).
      console.error('Toolscope agent: an event listener threw; the run goes on.', error);
    }
  };
  const emit = (event: Unstamped<AgentEvent>): void => report({ ...event, time: clock.now() } as AgentEvent);
  const finish = (stopReason: StopReason, extra: { reply?: string; error?: AgentError } = {}): RunAgentResult => ({
    messages,
    iterations,
    stopReason,
    usage,
    ...extra,
  });
  const unsubscribe = options.onEvent ? executor.on(report) : undefined;
  const streaming = options.stream ?? options.onEvent !== undefined;
  const selection = options.toolSelection?.strategy === 'discover' ? options.toolSelection : undefined;
  assertCanSelect(executor, selection);
  // A pause point (step mode): what the controller hands back, or `fallback` once the run is aborted.
  const paused = async <Value>(work: Promise<Value> | undefined, fallback: Value): Promise<Value> => {
    try {
      return (await work) ?? fallback;
    } catch (error) {
      if (signal?.aborted) return fallback;
      throw error;
    }
  };
  const abortStep = (iteration: number, modelCalled = true): RunAgentResult => {
    emit({ type: 'step-end', iteration, toolCallCount: 0 });
    // Stopped at the pause before the model call: that call was never made, so it does not count.
    if (!modelCalled) iterations = iteration - 1;
    return finish('aborted');
  };

  try {
    for (;;) {
      if (signal?.aborted) return finish('aborted');
      if (iterations >= maxIterations) return finish('max_iterations');
      const iteration = ++iterations;
      emit({ type: 'step-start', iteration });
      if (controller?.beforeModelCall) {
        await paused(controller.beforeModelCall({ iteration, messages: [...messages] }), undefined);
        if (signal?.aborted) return abortStep(iteration, false);
      }
      // Only the 'discover' path awaits, so the default path keeps its exact timing.
      const offer: ToolOffer = selection
        ? await offerTools(executor, messages, selection, routingKey)
        : { tools: executor.getDefinitions({ routingKey }) };
      const { tools, offeredTools, discoveryError } = offer;
      emit({
        type: 'model-call-start',
        iteration,
        modelId: model.id,
        messageCount: messages.length,
        toolCount: tools.length,
        ...(offeredTools ? { offeredTools } : {}),
        ...(discoveryError === undefined ? {} : { discoveryError }),
      });
      const startedAt = clock.now();
      let result: GenerateResult;
      try {
        result = await model.generate({
          messages: [...messages],
          tools,
          signal,
          onDelta: streaming ? (delta) => emit({ type: 'model-delta', iteration, delta }) : undefined,
        });
      } catch (thrown) {
        const aborted = signal?.aborted === true;
        const error = aborted ? { kind: 'unknown' as const, message: 'Aborted by the user.' } : toAgentError(thrown);
        emit({ type: 'model-call-end', iteration, startedAt, latencyMs: clock.now() - startedAt, error });
        emit({ type: 'step-end', iteration, toolCallCount: 0 });
        return aborted ? finish('aborted') : finish('model_error', { error });
      }
      usage = addUsage(usage, result.usage);
      if (signal?.aborted) {
        // A model that finished despite the abort: its calls must not start, and without their
        // results its turn cannot be stored either.
        emit({
          type: 'model-call-end',
          iteration,
          startedAt,
          latencyMs: clock.now() - startedAt,
          usage: result.usage,
          finishReason: result.finishReason,
          toolCallCount: result.toolCalls.length,
        });
        emit({ type: 'step-end', iteration, toolCallCount: 0 });
        return finish('aborted');
      }
      let calls = normalizeToolCallIds(result.toolCalls, iteration);
      const cutOff = cutOffError(result, calls, model.label);
      emit({
        type: 'model-call-end',
        iteration,
        startedAt,
        latencyMs: clock.now() - startedAt,
        usage: result.usage,
        finishReason: result.finishReason,
        toolCallCount: calls.length,
        ...(cutOff ? { error: toAgentError(cutOff) } : {}),
      });
      if (cutOff) {
        // The text is kept so the user sees what arrived; the unrun calls are not, or the next request
        // would carry calls without results.
        append({ role: 'assistant', content: result.content, toolCalls: [] });
        emit({ type: 'step-end', iteration, toolCallCount: 0 });
        return finish('model_error', { error: toAgentError(cutOff) });
      }
      if (controller?.beforeToolBatch && calls.length > 0) {
        // The stored turn carries the calls as edited, so the transcript says what actually ran.
        calls = reconcileCalls(await paused(controller.beforeToolBatch({ iteration, calls }), calls), iteration);
        if (signal?.aborted) return abortStep(iteration);
      }
      append({ role: 'assistant', content: result.content, toolCalls: calls });
      // A hit: the model called a tool it was offered; a miss: it asked for one it was not shown.
      if (offeredTools && discoveryError === undefined && calls.length > 0)
        executor.recordDiscovery?.(
          offeredTools,
          calls.map((call) => call.name),
        );
      if (calls.length === 0) {
        emit({ type: 'step-end', iteration, toolCallCount: 0 });
        return finish('final_answer', { reply: result.content });
      }
      const results = await executor.executeBatch(
        calls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
        { signal, concurrency, timeoutMs, routingKey },
      );
      let toolMessages = toolMessagesFor(calls, results);
      if (controller?.afterToolBatch && !signal?.aborted)
        toolMessages = reconcileToolMessages(
          calls,
          await paused(controller.afterToolBatch({ iteration, calls, results, messages: toolMessages }), toolMessages),
          toolMessages,
        );
      // Appended even when aborted: the conversation stays valid to continue from.
      append(...toolMessages);
      emit({ type: 'step-end', iteration, toolCallCount: calls.length });
    }
  } finally {
    // Work that outlived its deadline still reports its late settle or its kill: keep listening until
    // it has (the run's answer does not wait for it).
    if (unsubscribe && executor.whenWorkSettled) void executor.whenWorkSettled().then(unsubscribe, unsubscribe);
    else unsubscribe?.();
  }
}
