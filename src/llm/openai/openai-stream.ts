// Chat Completions streaming: `data: {chunk}` events ending with `data: [DONE]`. Tool-call deltas are
// keyed by `index` (ids and names arrive only in a call's first delta), text deltas are appended, and
// with `stream_options.include_usage` the usage comes in a last chunk with no choices.
// Not every server keeps indexes apart: Ollama sends each call whole with `index: 0` (issue 12), so a
// delta also starts a new call when it brings another id, or a name after the current call's arguments
// are complete JSON.
import type { Endpoint } from '../http.ts';
import { invalidResponse } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import { readJsonEvents } from '../sse.ts';
import type { GenerateResult, StreamDelta, Usage } from '../model-types.ts';
import { emptyUsage } from '../model-types.ts';
import { argumentsText, fallbackToolCallId, mapOpenAIFinishReason, parseOpenAIUsage } from './openai-response.ts';

interface PartialToolCall {
  id: string;
  /** The id came from the server (not a fallback), so a different one means a different call. */
  idFromServer: boolean;
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
  /** In the order they started; a call's position is its index in deltas and in the result. */
  private readonly calls: PartialToolCall[] = [];
  /** The position of the call each wire `index` currently continues. */
  private readonly positionByIndex = new Map<number, number>();
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
    // Without an index a delta continues the latest call (unless it starts a new one, see below).
    const wireIndex = typeof call.index === 'number' ? call.index : -1;
    const id = typeof call.id === 'string' ? call.id : '';
    const name = typeof call.function?.name === 'string' ? call.function.name : '';
    const argumentsDelta = argumentsText(call.function?.arguments);
    let position = wireIndex === -1 ? this.calls.length - 1 : this.positionByIndex.get(wireIndex);
    // Stryker disable next-line ConditionalExpression: calls[undefined] is undefined too; the test only says so.
    let partial = position === undefined ? undefined : this.calls[position];
    // Stryker disable next-line ConditionalExpression: where position is undefined so is partial, so `!partial` alone decides; the first test is for the type checker.
    if (position === undefined || !partial || startsNewCall(partial, id, name, argumentsDelta)) {
      position = this.calls.length;
      partial = { id: '', idFromServer: false, name: '', arguments: '', announced: false };
      this.calls.push(partial);
    }
    this.positionByIndex.set(wireIndex, position);
    if (id !== '' && !partial.idFromServer) {
      partial.id = id;
      partial.idFromServer = true;
    }
    // The name comes whole in the first delta; servers that repeat it later must not double it.
    // Stryker disable next-line ConditionalExpression,StringLiteral: without the first test an empty name is written over an empty name, which changes nothing.
    if (name !== '' && partial.name === '') partial.name = name;
    if (!partial.announced && partial.name !== '') {
      partial.announced = true;
      if (partial.id === '') partial.id = fallbackToolCallId(this.responseId, position);
      this.onDelta({ type: 'tool-call-start', index: position, id: partial.id, name: partial.name });
    }
    if (argumentsDelta !== '') {
      partial.arguments += argumentsDelta;
      this.onDelta({ type: 'tool-call-arguments', index: position, id: partial.id, argumentsDelta });
    }
  }

  private streamError(error: unknown): ProviderError {
    const message =
      // Stryker disable next-line ConditionalExpression,LogicalOperator: push() passes only a non-null error, and no primitive has a string `message`; the first two tests only guard the third.
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
    const toolCalls = this.calls.map((call, position) => ({
      id: call.id || fallbackToolCallId(this.responseId, position),
      name: call.name,
      arguments: call.arguments,
    }));
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

/**
 * A delta at the index of `current` belongs to another call when it names another id, or names a tool
 * (again, or another one) with new arguments once the current arguments are complete JSON. A repeated
 * name without arguments is a server repeating itself, not a new call.
 */
function startsNewCall(current: PartialToolCall, id: string, name: string, argumentsDelta: string): boolean {
  if (id !== '' && current.idFromServer && id !== current.id) return true;
  if (name === '' || current.name === '' || !isCompleteJson(current.arguments)) return false;
  return name !== current.name || argumentsDelta !== '';
}

function isCompleteJson(text: string): boolean {
  // Stryker disable next-line ConditionalExpression,MethodExpression,StringLiteral: JSON.parse rejects blank text as well; this only skips the throw.
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } /* Stryker disable next-line BlockStatement: an empty catch returns undefined, as falsy as false. */ catch {
    return false;
  }
}

export async function readOpenAIStream(
  body: ReadableStream<Uint8Array>,
  endpoint: Endpoint,
  onDelta?: (delta: StreamDelta) => void,
  signal?: AbortSignal,
): Promise<GenerateResult> {
  const accumulator = new OpenAIStreamAccumulator(endpoint, onDelta);
  await readJsonEvents(body, endpoint, (chunk) => accumulator.push(chunk), signal);
  return accumulator.result();
}
