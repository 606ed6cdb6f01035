import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model-types.ts';
import { toOpenAIMessages } from './openai-messages.ts';

const png = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };
const conversation: ChatMessage[] = [
  { role: 'user', content: 'Show me the tiny image' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [
      { id: 'call_1', name: 'get-tiny-image', arguments: '{}' },
      { id: 'call_2', name: 'echo', arguments: '{"message":"hi"}' },
    ],
  },
  { role: 'tool', toolCallId: 'call_1', name: 'get-tiny-image', content: '{"content":[{"type":"image","note":"1 image"}]}', images: [png] },
  { role: 'tool', toolCallId: 'call_2', name: 'echo', content: 'Echo: hi' },
  { role: 'user', content: 'What colour is it?' },
];

describe('images from tool results, to OpenAI chat', () => {
  it('attaches them to a user message after the batch’s tool results, and says so in the tool message', () => {
    const wire = toOpenAIMessages(conversation, { attachImages: true });
    expect(wire.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user', 'user']);
    expect(wire[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(String(wire[2]?.content)).toContain(
      'A tool message takes text only: it is attached to the user message after the tool results.',
    );
    expect(wire[3]).toEqual({ role: 'tool', tool_call_id: 'call_2', content: 'Echo: hi' });
    expect(wire[4]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'The images the tool calls above returned (a tool message cannot carry them):' },
        { type: 'text', text: 'From get-tiny-image (call call_1):' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    });
    // Never as base64 text in a tool message.
    expect(wire.filter((message) => message.role === 'tool').some((message) => String(message.content).includes(png.data))).toBe(false);
  });

  it('to a server not known to take images, sends none and says in the tool message that it was not sent', () => {
    const wire = toOpenAIMessages(conversation);
    expect(wire.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
    expect(String(wire[2]?.content)).toContain('[The tool returned an image, not sent: a tool message takes text only');
    expect(JSON.stringify(wire)).not.toContain(png.data);
  });

  it('leaves an image of a type Chat Completions does not take out, and the tool message as it was', () => {
    const svg: ChatMessage[] = [
      { role: 'tool', toolCallId: 'c', name: 'draw', content: 'a drawing', images: [{ mimeType: 'image/svg+xml', data: 'PHN2Zz4=' }] },
    ];
    expect(toOpenAIMessages(svg, { attachImages: true })).toEqual([{ role: 'tool', tool_call_id: 'c', content: 'a drawing' }]);
  });
});
