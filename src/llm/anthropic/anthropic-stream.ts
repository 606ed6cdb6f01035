// Anthropic streaming: message_start, then per content block content_block_start / _delta (text_delta,
// input_json_delta) / _stop, then message_delta (stop_reason, final usage) and message_stop; `ping`
// keeps the connection alive and `error` (e.g. overloaded_error) can arrive at any point.
import type { Endpoint } from '../http.ts';
import { invalidResponse } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import { readJsonEvents } from '../sse.ts';
import type { GenerateResult, StreamDelta } from '../model-types.ts';
import { anthropicErrorEvent, anthropicInputTokens, mapAnthropicStopReason } from './anthropic-response.ts';

interface PartialToolUse {
  id: string;
  name: string;
  json: string;
}

type Payload = Record<string, unknown> & { type?: unknown };

export class AnthropicStreamAccumulator {
  private content = '';
  private readonly toolUses = new Map<number, PartialToolUse>();
  private rawStopReason: string | undefined;
  private inputTokens = 0;
  private outputTokens = 0;
  private model: string | undefined;

  constructor(
    private readonly endpoint: Endpoint,
    private readonly onDelta: (delta: StreamDelta) => void = () => undefined,
  ) {}

  push(payload: Payload): void {
    switch (payload.type) {
      case 'message_start': {
        const message = payload.message as { model?: unknown; usage?: Record<string, unknown> } | undefined;
        if (typeof message?.model === 'string') this.model = message.model;
        if (message?.usage) {
          this.inputTokens = anthropicInputTokens(message.usage);
          this.outputTokens = typeof message.usage.output_tokens === 'number' ? message.usage.output_tokens : 0;
        }
        return;
      }
      case 'content_block_start':
        return this.blockStart(payload.index as number, payload.content_block as Payload | undefined);
      case 'content_block_delta':
        return this.blockDelta(payload.index as number, payload.delta as Payload | undefined);
      case 'message_delta': {
        const delta = payload.delta as { stop_reason?: unknown } | undefined;
        if (typeof delta?.stop_reason === 'string') this.rawStopReason = delta.stop_reason;
        const usage = payload.usage as Record<string, unknown> | undefined;
        if (typeof usage?.output_tokens === 'number') this.outputTokens = usage.output_tokens;
        if (usage && typeof usage.input_tokens === 'number') this.inputTokens = anthropicInputTokens(usage);
        return;
      }
      case 'error':
        throw anthropicErrorEvent(payload, this.endpoint);
      // Stryker disable next-line ConditionalExpression: the default case only returns, as the end of the switch would.
      default:
        // ping, content_block_stop, message_stop and block types we do not show (thinking...).
        return;
    }
  }

  private blockStart(index: number, block: Payload | undefined): void {
    if (block?.type === 'text' && typeof block.text === 'string' && block.text !== '') {
      this.content += block.text;
      this.onDelta({ type: 'text', text: block.text });
    }
    if (block?.type === 'tool_use') {
      const toolUse = { id: String(block.id ?? `toolu_${index}`), name: String(block.name ?? ''), json: '' };
      this.toolUses.set(index, toolUse);
      this.onDelta({ type: 'tool-call-start', index, id: toolUse.id, name: toolUse.name });
    }
  }

  private blockDelta(index: number, delta: Payload | undefined): void {
    if (delta?.type === 'text_delta' && typeof delta.text === 'string') {
      this.content += delta.text;
      this.onDelta({ type: 'text', text: delta.text });
    }
    const toolUse = this.toolUses.get(index);
    if (delta?.type === 'input_json_delta' && toolUse && typeof delta.partial_json === 'string' && delta.partial_json !== '') {
      toolUse.json += delta.partial_json;
      this.onDelta({ type: 'tool-call-arguments', index, id: toolUse.id, argumentsDelta: delta.partial_json });
    }
  }

  /** Throws `cut_off` when the stream ended before message_delta said why the model stopped. */
  result(): GenerateResult {
    if (this.rawStopReason === undefined) {
      throw new ProviderError({
        kind: 'cut_off',
        provider: this.endpoint.provider,
        secrets: this.endpoint.secrets,
        message: `The stream from ${this.endpoint.provider} ended before the model finished (no stop_reason). The response is incomplete, so its tool calls were not run.`,
      });
    }
    const toolCalls = [...this.toolUses.entries()]
      .sort(([first], [second]) => first - second)
      // A tool without arguments streams an empty input_json_delta: its input is `{}`.
      .map(([, toolUse]) => ({ id: toolUse.id, name: toolUse.name, arguments: toolUse.json === '' ? '{}' : toolUse.json }));
    return {
      content: this.content,
      toolCalls,
      finishReason: mapAnthropicStopReason(this.rawStopReason, toolCalls.length > 0),
      rawFinishReason: this.rawStopReason,
      usage: { inputTokens: this.inputTokens, outputTokens: this.outputTokens, totalTokens: this.inputTokens + this.outputTokens },
      model: this.model,
    };
  }
}

export async function readAnthropicStream(
  body: ReadableStream<Uint8Array>,
  endpoint: Endpoint,
  onDelta?: (delta: StreamDelta) => void,
  signal?: AbortSignal,
): Promise<GenerateResult> {
  const accumulator = new AnthropicStreamAccumulator(endpoint, onDelta);
  await readJsonEvents(
    body,
    endpoint,
    (payload) => {
      if (payload === null || typeof payload !== 'object') throw invalidResponse(endpoint, 'a stream event is not an object');
      accumulator.push(payload as Payload);
      return (payload as Payload).type === 'message_stop';
    },
    signal,
  );
  return accumulator.result();
}
