// get-tiny-image and get-annotated-message once reached the model as base64 inside JSON, cut in the middle
// (a mock turn went from ~233 to 1,752 tokens): the model now reads media described in words, and the
// image itself goes to Anthropic as an image block of the tool_result.
import { describe, expect, it } from 'vitest';
import { formatForModel, type ToolCallResult } from '../core/index.ts';
import { toolMessagesFor } from '../agent/tool-messages.ts';
import { toAnthropicMessages } from '../llm/anthropic/anthropic-messages.ts';
import { McpToolValue } from './client/mcp-tool.ts';

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const value = new McpToolValue([
  { type: 'text', text: 'A tiny image:' },
  { type: 'image', data: png, mimeType: 'image/png' },
  { type: 'resource_link', uri: 'demo://resource/1', name: 'Resource 1', mimeType: 'text/plain' },
  { type: 'resource', resource: { uri: 'demo://blob/2', mimeType: 'application/octet-stream', blob: png } },
]);
const result = { status: 'success', toolCallId: 'c1', toolName: 'get-tiny-image', result: value } as unknown as ToolCallResult;

describe('MCP media as the model reads it', () => {
  it('never sends base64 as text: images and binary resources are described with their type and size', () => {
    const text = formatForModel(result);
    expect(text).not.toContain(png.slice(0, 20));
    expect(text).toContain('An image (image/png, 70 B) the tool returned');
    expect(text).toContain('Binary content (application/octet-stream, 70 B), not sent as text.');
    expect(text).toContain('"uri":"demo://resource/1"');
  });

  it('gives Anthropic the image as an image block of the tool_result, beside the text', () => {
    const [message] = toolMessagesFor([{ id: 'c1', name: 'get-tiny-image', arguments: '{}' }], [result]);
    const wire = toAnthropicMessages([message!]);
    const block = wire.messages[0]!.content[0] as { type: string; content: { type: string; source?: { data: string } }[] };
    expect(block.type).toBe('tool_result');
    expect(block.content.map((part) => part.type)).toEqual(['text', 'image']);
    expect(block.content[1]!.source!.data).toBe(png);
  });
});
