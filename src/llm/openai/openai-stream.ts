// Chat Completions streaming: `data: {chunk}` events ending with `data: [DONE]`. Tool-call deltas are
// keyed by `index` (ids and names arrive only in a call's first delta), text deltas are appended, and
// with `stream_options.include_usage` the usage comes in a last chunk with no choices.
import type { Endpoint } from '../http.ts';
import { abortReasonOf, connectionLost, invalidResponse } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import { readServerSentEvents } from '../sse.ts';
import type { GenerateResult, StreamDelta, Usage } from '../types.ts';
import { emptyUsage } from '../types.ts';
import { argumentsText, fallbackToolCallId, mapOpenAIFinishReason, parseOpenAIUsage } from './openai-response.ts';

interface PartialToolCall {
  id: string;
  name: string;
  arguments: string;
  announced: boolean;
}

interface ChunkToolCall {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

export class OpenAIStreamAccumulator {
  private content = '';
  private readonly calls = new Map<number, PartialToolCall>();
  private rawFinishReason: string | undefined;
  private usage: Usage = { ...emptyUsage };
  private model: string | undefined;
  private responseId: unknown;

  constructor(
    private readonly endpoint: Endpoint,
    private readonly onDelta: (delta: StreamDelta) => void = () => undefined,
  ) {}

  push(chunk: unknown): void {
    if (chunk === null || typeof chunk !== 'object') throw invalidResponse(this.endpoint, 'a stream chunk is not an object');
    const record = chunk as { id?: unknown; model?: unknown; choices?: unknown; usage?: unknown; error?: unknown };
    // OpenRouter and some proxies report failures inside a 200 stream.
    if (record.error !== undefined && record.error !== null) throw this.streamError(record.error);
    this.responseId ??= record.id;
    if (typeof record.model === 'string') this.model = record.model;
    if (record.usage !== undefined && record.usage !== null) this.usage = parseOpenAIUsage(record.usage);
    const choice = Array.isArray(record.choices) ? (record.choices[0] as unknown) : undefined;
    if (choice === null || typeof choice !== 'object') return;
    const { delta, finish_reason: finish } = choice as { delta?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown };
    if (typeof finish === 'string') this.rawFinishReason = finish;
    if (typeof delta?.content === 'string' && delta.content !== '') {
      this.content += delta.content;
      this.onDelta({ type: 'text', text: delta.content });
    }
    if (Array.isArray(delta?.tool_calls)) {
      for (const call of delta.tool_calls as ChunkToolCall[]) this.pushToolCall(call);
    }
  }

  private pushToolCall(call: ChunkToolCall): void {
    const index = typeof call.index === 'number' ? call.index : this.calls.size;
    let partial = this.calls.get(index);
    if (!partial) {
      partial = { id: '', name: '', arguments: '', announced: false };
      this.calls.set(index, partial);
    }
    if (typeof call.id === 'string' && call.id !== '') partial.id = call.id;
    // The name comes whole in the first delta; servers that repeat it later must not double it.
    if (typeof call.function?.name === 'string' && call.function.name !== '' && partial.name === '') partial.name = call.function.name;
    if (!partial.announced && partial.name !== '') {
      partial.announced = true;
      if (partial.id === '') partial.id = fallbackToolCallId(this.responseId, index);
      this.onDelta({ type: 'tool-call-start', index, id: partial.id, name: partial.name });
    }
    const argumentsDelta = argumentsText(call.function?.arguments);
    if (argumentsDelta !== '') {
      partial.arguments += argumentsDelta;
      this.onDelta({ type: 'tool-call-arguments', index, id: partial.id, argumentsDelta });
    }
  }

  private streamError(error: unknown): ProviderError {
    const message =
      typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : JSON.stringify(error);
    return new ProviderError({
      kind: 'server',
      provider: this.endpoint.provider,
      secrets: this.endpoint.secrets,
      message: `${this.endpoint.provider} reported an error mid-stream: "${message.slice(0, 300)}". Try again.`,
    });
  }

  /** Throws `cut_off` when the stream ended before the model said why it stopped. */
  result(): GenerateResult {
    if (this.rawFinishReason === undefined) {
      throw new ProviderError({
        kind: 'cut_off',
        provider: this.endpoint.provider,
        secrets: this.endpoint.secrets,
        message: `The stream from ${this.endpoint.provider} ended before the model finished (no finish_reason). The response is incomplete, so its tool calls were not run.`,
      });
    }
    const toolCalls = [...this.calls.entries()]
      .sort(([first], [second]) => first - second)
      .map(([index, call]) => ({ id: call.id || fallbackToolCallId(this.responseId, index), name: call.name, arguments: call.arguments }));
    return {
      content: this.content,
      toolCalls,
      finishReason: mapOpenAIFinishReason(this.rawFinishReason, toolCalls.length > 0),
      rawFinishReason: this.rawFinishReason,
      usage: this.usage,
      model: this.model,
    };
  }
}

export async function readOpenAIStream(
  response: Response,
  endpoint: Endpoint,
  onDelta?: (delta: StreamDelta) => void,
  signal?: AbortSignal,
): Promise<GenerateResult> {
  if (!response.body) throw invalidResponse(endpoint, 'the streamed response has no body');
  const accumulator = new OpenAIStreamAccumulator(endpoint, onDelta);
  try {
    for await (const event of readServerSentEvents(response.body)) {
      if (event.data === '[DONE]') break;
      let chunk: unknown;
      try {
        chunk = JSON.parse(event.data);
      } catch {
        throw invalidResponse(endpoint, `a stream event is not JSON ("${event.data.slice(0, 80)}")`);
      }
      accumulator.push(chunk);
    }
  } catch (error) {
    if (signal?.aborted) throw abortReasonOf(signal);
    if (error instanceof ProviderError) throw error;
    throw connectionLost(endpoint, error);
  }
  return accumulator.result();
}
