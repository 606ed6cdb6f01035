// Neutral messages and tools -> the Chat Completions request shape.
import type { ToolDefinition } from '../../core/index.ts';
import type { ChatMessage } from '../model-types.ts';

export interface OpenAIToolCallWire {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAIMessageWire =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCallWire[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAIToolWire {
  type: 'function';
  function: { name: string; description: string; parameters: unknown };
}

export function toOpenAIMessages(messages: readonly ChatMessage[]): OpenAIMessageWire[] {
  return messages.map((message): OpenAIMessageWire => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'assistant': {
        // `content: null` is what the API itself returns for a tool-only turn; an empty string is refused by some servers.
        const wire: OpenAIMessageWire = { role: 'assistant', content: message.content === '' ? null : message.content };
        if (message.toolCalls.length > 0) {
          wire.tool_calls = message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          }));
        }
        return wire;
      }
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

export function toOpenAITools(tools: readonly ToolDefinition[]): OpenAIToolWire[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
