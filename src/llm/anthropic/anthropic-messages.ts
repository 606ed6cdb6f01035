// Neutral messages -> the Anthropic Messages request: the system prompt is a top-level field, tool calls
// are `tool_use` blocks of the assistant turn, and results are `tool_result` blocks of the next user
// turn (the results of one batch merged into a single user message, as the API expects).
import { parseJsonWithin, type ToolDefinition } from '../../core/index.ts';
import type { ChatMessage } from '../model-types.ts';

export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string | AnthropicToolResultPart[]; is_error?: boolean };

/** Parts of a tool_result: its text and the images the tool returned (base64, as the API takes them). */
export type AnthropicToolResultPart =
  { type: 'text'; text: string } | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

const anthropicImageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export interface AnthropicMessageWire {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

export interface AnthropicToolWire {
  name: string;
  description: string;
  input_schema: unknown;
}

/**
 * `tool_use.input` must be an object. Arguments that are not a JSON object (a scenario can send
 * malformed JSON on purpose) are replayed under one key, so the model still sees what it sent.
 */
export function toolInput(argumentsText: string): unknown {
  if (argumentsText.trim() === '') return {};
  // Bounded, so that writing the request body out again cannot overflow the stack (issue 28).
  const parsed = parseJsonWithin(argumentsText);
  if (parsed.ok && parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value)) return parsed.value;
  return { unparsed_arguments: argumentsText };
}

export function toAnthropicMessages(messages: readonly ChatMessage[]): { system?: string; messages: AnthropicMessageWire[] } {
  const system: string[] = [];
  const wire: AnthropicMessageWire[] = [];
  const append = (role: AnthropicMessageWire['role'], blocks: AnthropicContentBlock[]): void => {
    if (blocks.length === 0) return;
    const last = wire[wire.length - 1];
    // Consecutive turns of one role become one turn: tool results, then a user's follow-up, share a message.
    if (last && last.role === role) last.content.push(...blocks);
    else wire.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        append('user', message.content === '' ? [] : [{ type: 'text', text: message.content }]);
        break;
      case 'assistant': {
        const blocks: AnthropicContentBlock[] = message.content === '' ? [] : [{ type: 'text', text: message.content }];
        for (const call of message.toolCalls)
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call.arguments) });
        append('assistant', blocks);
        break;
      }
      case 'tool':
        append('user', [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: toolResultContent(message.content, message.images),
            ...(message.isError ? { is_error: true } : {}),
          },
        ]);
        break;
    }
  }
  return system.length > 0 ? { system: system.join('\n\n'), messages: wire } : { messages: wire };
}

function toolResultContent(text: string, images: { mimeType: string; data: string }[] = []): string | AnthropicToolResultPart[] {
  const accepted = images.filter((image) => anthropicImageTypes.has(image.mimeType));
  if (accepted.length === 0) return text;
  return [
    { type: 'text', text },
    ...accepted.map((image) => ({
      type: 'image' as const,
      source: { type: 'base64' as const, media_type: image.mimeType, data: image.data },
    })),
  ];
}

export function toAnthropicTools(tools: readonly ToolDefinition[]): AnthropicToolWire[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters }));
}
