// A Chat Completions response (non-streaming) -> GenerateResult. Shared helpers serve the stream too.
import type { Endpoint } from '../http.ts';
import { invalidResponse } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import type { FinishReason, GenerateResult, ModelToolCall, Usage } from '../model-types.ts';
import { emptyUsage } from '../model-types.ts';

export function mapOpenAIFinishReason(raw: string | null | undefined, hasToolCalls: boolean): FinishReason {
  switch (raw) {
    case 'stop':
      // Some OpenAI-compatible servers (older Ollama) say `stop` even when they called tools.
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    default:
      return hasToolCalls ? 'tool_calls' : 'other';
  }
}

export function parseOpenAIUsage(usage: unknown): Usage {
  if (usage === null || typeof usage !== 'object') return { ...emptyUsage };
  const record = usage as { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
  const inputTokens = typeof record.prompt_tokens === 'number' ? record.prompt_tokens : 0;
  const outputTokens = typeof record.completion_tokens === 'number' ? record.completion_tokens : 0;
  const totalTokens = typeof record.total_tokens === 'number' ? record.total_tokens : inputTokens + outputTokens;
  return { inputTokens, outputTokens, totalTokens };
}

/** Arguments are JSON text on the wire, but a few compatible servers send an object. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

/** Servers that omit call ids still need one per call: tool messages are matched to calls by id. */
export function fallbackToolCallId(responseId: unknown, index: number): string {
  return `${typeof responseId === 'string' ? responseId : 'call'}_${index}`;
}

interface WireToolCall {
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

export function parseOpenAIResponse(body: unknown, endpoint: Endpoint): GenerateResult {
  if (body === null || typeof body !== 'object') throw invalidResponse(endpoint, 'the body is not an object');
  const record = body as { id?: unknown; model?: unknown; choices?: unknown; usage?: unknown; error?: unknown };
  // OpenRouter and some proxies answer 200 with an error object when the upstream model failed.
  if (record.error !== undefined && record.error !== null) {
    const detail =
      typeof record.error === 'object' && typeof (record.error as { message?: unknown }).message === 'string'
        ? (record.error as { message: string }).message
        : JSON.stringify(record.error);
    throw new ProviderError({
      kind: 'server',
      provider: endpoint.provider,
      secrets: endpoint.secrets,
      message: `${endpoint.provider} answered with an error: "${detail.slice(0, 300)}". Try again, or another model.`,
    });
  }
  const choice = Array.isArray(record.choices) ? (record.choices[0] as unknown) : undefined;
  if (choice === null || typeof choice !== 'object') throw invalidResponse(endpoint, 'it has no choices');
  const { message, finish_reason: rawFinish } = choice as { message?: unknown; finish_reason?: unknown };
  if (message === null || typeof message !== 'object') throw invalidResponse(endpoint, 'the choice has no message');
  const { content, tool_calls: wireCalls } = message as { content?: unknown; tool_calls?: unknown };
  const toolCalls: ModelToolCall[] = (Array.isArray(wireCalls) ? (wireCalls as WireToolCall[]) : []).map((call, index) => ({
    id: typeof call.id === 'string' && call.id !== '' ? call.id : fallbackToolCallId(record.id, index),
    name: typeof call.function?.name === 'string' ? call.function.name : '',
    arguments: argumentsText(call.function?.arguments),
  }));
  const rawFinishReason = typeof rawFinish === 'string' ? rawFinish : undefined;
  return {
    content: typeof content === 'string' ? content : '',
    toolCalls,
    finishReason: mapOpenAIFinishReason(rawFinishReason, toolCalls.length > 0),
    rawFinishReason,
    usage: parseOpenAIUsage(record.usage),
    model: typeof record.model === 'string' ? record.model : undefined,
  };
}
