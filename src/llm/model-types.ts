// The provider-neutral conversation model. Adapters translate it to and from each wire format, so the
// agent loop and the UI never see an OpenAI or Anthropic shape.
import type { ToolDefinition } from '../core/index.ts';

/** A tool call as the model produced it. `arguments` stays raw JSON text: it may be malformed or cut off. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  content: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls: ModelToolCall[];
}

/** The answer to one tool call; `content` is what the executor formatted for the model. */
export interface ToolMessage {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string;
  /** The call failed; Anthropic marks such results with `is_error`. */
  isError?: boolean;
  /**
   * Images the tool returned (an MCP tool's image content), sent beside the text where the format takes
   * them (Anthropic: image blocks in the tool_result); `content` describes them in words either way.
   */
  images?: { mimeType: string; data: string }[];
}

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/**
 * Why the model stopped. `length` means the output hit the token limit: text and tool-call arguments
 * may be cut off mid-way, so its tool calls must not run.
 */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** Incremental output, for showing a response while it streams. */
export type StreamDelta =
  | { type: 'text'; text: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-arguments'; index: number; id: string; argumentsDelta: string };

export interface GenerateRequest {
  messages: readonly ChatMessage[];
  tools: readonly ToolDefinition[];
  signal?: AbortSignal;
  /** When given, adapters that can stream do so and report each delta; the result is the same either way. */
  onDelta?: (delta: StreamDelta) => void;
}

export interface GenerateResult {
  content: string;
  toolCalls: ModelToolCall[];
  finishReason: FinishReason;
  /** The provider's own word (`end_turn`, `max_tokens`, ...), kept for the inspector. */
  rawFinishReason?: string;
  usage: Usage;
  /** The model that answered, when the provider says. */
  model?: string;
}

export interface LanguageModel {
  /** Stable identifier, e.g. `mock:scripted` or `openai:gpt-4o-mini`. */
  readonly id: string;
  /** What the UI shows. */
  readonly label: string;
  /**
   * Never resolves with partial output silently: failures reject with a ProviderError, and an abort
   * rejects with the signal's reason.
   */
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

export const emptyUsage: Usage = Object.freeze({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });

export function addUsage(first: Usage, second: Usage): Usage {
  return {
    inputTokens: first.inputTokens + second.inputTokens,
    outputTokens: first.outputTokens + second.outputTokens,
    totalTokens: first.totalTokens + second.totalTokens,
  };
}
