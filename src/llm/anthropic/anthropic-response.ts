// An Anthropic Messages response (non-streaming) -> GenerateResult. Shared helpers serve the stream too.
import type { Endpoint } from '../http.ts';
import { invalidResponse } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import type { FinishReason, GenerateResult, ModelToolCall, Usage } from '../model-types.ts';

export function mapAnthropicStopReason(raw: string | null | undefined, hasToolCalls: boolean): FinishReason {
  switch (raw) {
    case 'end_turn':
    case 'stop_sequence':
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content_filter';
    default:
      return hasToolCalls ? 'tool_calls' : 'other';
  }
}

function count(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

/** Cache reads and writes are input too; Anthropic reports them apart from `input_tokens`. */
export function anthropicInputTokens(usage: Record<string, unknown>): number {
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
}

export function parseAnthropicUsage(usage: unknown): Usage {
  if (usage === null || typeof usage !== 'object') return { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  const record = usage as Record<string, unknown>;
  const inputTokens = anthropicInputTokens(record);
  const outputTokens = count(record.output_tokens);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** An `{"type":"error"}` payload (HTTP 200 stream event or body) as a ProviderError. */
export function anthropicErrorEvent(payload: unknown, endpoint: Endpoint): ProviderError {
  const error = (payload as { error?: { type?: unknown; message?: unknown } } | null)?.error;
  const type = typeof error?.type === 'string' ? error.type : 'error';
  const message = typeof error?.message === 'string' ? error.message : 'no details';
  const kind =
    type === 'rate_limit_error'
      ? 'rate_limit'
      : type === 'authentication_error' || type === 'permission_error'
        ? 'auth'
        : type === 'invalid_request_error'
          ? 'bad_request'
          : 'server';
  const advice = kind === 'server' ? " This is on the provider's side: try again in a moment." : '';
  return new ProviderError({
    kind,
    provider: endpoint.provider,
    secrets: endpoint.secrets,
    message: `${endpoint.provider} reported ${type} mid-response: "${message.slice(0, 300)}".${advice}`,
  });
}

export function parseAnthropicResponse(body: unknown, endpoint: Endpoint): GenerateResult {
  if (body === null || typeof body !== 'object') throw invalidResponse(endpoint, 'the body is not an object');
  const record = body as { type?: unknown; content?: unknown; stop_reason?: unknown; usage?: unknown; model?: unknown };
  if (record.type === 'error') throw anthropicErrorEvent(record, endpoint);
  if (!Array.isArray(record.content)) throw invalidResponse(endpoint, 'it has no content blocks');
  let content = '';
  const toolCalls: ModelToolCall[] = [];
  for (const block of record.content as { type?: unknown; text?: unknown; id?: unknown; name?: unknown; input?: unknown }[]) {
    if (block.type === 'text' && typeof block.text === 'string') content += block.text;
    if (block.type === 'tool_use') {
      toolCalls.push({
        id: typeof block.id === 'string' ? block.id : `toolu_${toolCalls.length}`,
        name: typeof block.name === 'string' ? block.name : '',
        arguments: JSON.stringify(block.input ?? {}),
      });
    }
  }
  const rawFinishReason = typeof record.stop_reason === 'string' ? record.stop_reason : undefined;
  return {
    content,
    toolCalls,
    finishReason: mapAnthropicStopReason(rawFinishReason, toolCalls.length > 0),
    rawFinishReason,
    usage: parseAnthropicUsage(record.usage),
    model: typeof record.model === 'string' ? record.model : undefined,
  };
}
