// Neutral messages and tools -> the Chat Completions request shape. A tool message takes text only, so
// the images a tool returned (an MCP tool's image content) go in a user message right after the batch's
// tool results, where Chat Completions takes images, and each tool message says so in its text.
import type { ToolDefinition } from '../../core/index.ts';
import type { ChatMessage } from '../model-types.ts';

export interface OpenAIToolCallWire {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** Parts of a user message: text, and an image as a data URL. */
export type OpenAIUserPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export type OpenAIMessageWire =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIUserPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCallWire[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAIToolWire {
  type: 'function';
  function: { name: string; description: string; parameters: unknown };
}

/** The image types Chat Completions takes. */
const openAIImageTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

type ToolMessage = Extract<ChatMessage, { role: 'tool' }>;
const imagesTaken = (message: ToolMessage) => (message.images ?? []).filter((image) => openAIImageTypes.has(image.mimeType));

/**
 * `attachImages`: the server is known to take images (OpenAI's own API); elsewhere (a local text model)
 * an image part could fail the whole request, so the tool message says the images were not sent.
 */
export function toOpenAIMessages(messages: readonly ChatMessage[], options: { attachImages?: boolean } = {}): OpenAIMessageWire[] {
  const wire: OpenAIMessageWire[] = [];
  // The images of the current run of tool results: they follow its last one (tool messages must follow
  // their assistant turn without a user message between them).
  let pending: ToolMessage[] = [];
  const flush = () => {
    if (pending.length > 0) wire.push(imagesMessage(pending));
    pending = [];
  };
  for (const message of messages) {
    if (message.role !== 'tool') flush();
    const images = message.role === 'tool' ? imagesTaken(message) : [];
    if (message.role === 'tool' && images.length > 0) {
      if (options.attachImages) pending.push(message);
      wire.push({
        role: 'tool',
        tool_call_id: message.toolCallId,
        content: `${message.content}\n\n${imagesNote(images.length, options.attachImages)}`,
      });
      continue;
    }
    wire.push(toWire(message));
  }
  flush();
  return wire;
}

function imagesNote(count: number, attached: boolean | undefined): string {
  const images = count === 1 ? 'an image' : `${count} images`;
  return attached
    ? `[The tool returned ${images}. A tool message takes text only: it is attached to the user message after the tool results.]`
    : `[The tool returned ${images}, not sent: a tool message takes text only, and this server is not known to take images.]`;
}

function imagesMessage(results: readonly ToolMessage[]): OpenAIMessageWire {
  const parts: OpenAIUserPart[] = [{ type: 'text', text: 'The images the tool calls above returned (a tool message cannot carry them):' }];
  for (const result of results) {
    parts.push({ type: 'text', text: `From ${result.name} (call ${result.toolCallId}):` });
    for (const image of imagesTaken(result))
      parts.push({ type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } });
  }
  return { role: 'user', content: parts };
}

function toWire(message: ChatMessage): OpenAIMessageWire {
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
}

export function toOpenAITools(tools: readonly ToolDefinition[]): OpenAIToolWire[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
