import { describe, expect, it } from 'vitest';
import { accumulate, anthropicEndpoint as endpoint } from './anthropic-stream.test-support.ts';
import { bodyStream } from '../fake-fetch.test-support.ts';
import type { StreamDelta } from '../model-types.ts';
import { readAnthropicStream } from './anthropic-stream.ts';

// Issue 20: the cases the recorded streams never show (mutation testing found them untested).

const stop = (reason: string, usage: Record<string, unknown> = { output_tokens: 9 }) => ({
  type: 'message_delta',
  delta: { stop_reason: reason },
  usage,
});

describe('AnthropicStreamAccumulator edge cases', () => {
  it('reads the model and input usage from message_start (cache reads count as input), the output from message_delta', () => {
    const result = accumulate([
      { type: 'message_start', message: { model: 'claude-x', usage: { input_tokens: 10, cache_read_input_tokens: 5, output_tokens: 1 } } },
      stop('end_turn'),
    ]).result();
    expect(result.model).toBe('claude-x');
    expect(result.usage).toEqual({ inputTokens: 15, outputTokens: 9, totalTokens: 24 });
  });

  it('keeps zero output tokens when message_start has none, and takes input tokens from message_delta when it has them', () => {
    const withoutOutput = accumulate([{ type: 'message_start', message: { usage: { input_tokens: 4 } } }, stop('end_turn', {})]).result();
    expect(withoutOutput.usage).toEqual({ inputTokens: 4, outputTokens: 0, totalTokens: 4 });
    const lateInput = accumulate([
      { type: 'message_start', message: {} },
      stop('end_turn', { input_tokens: 12, output_tokens: 3 }),
    ]).result();
    expect(lateInput.usage).toEqual({ inputTokens: 12, outputTokens: 3, totalTokens: 15 });
    expect(lateInput.model).toBeUndefined();
  });

  it('shows text that arrives in a block start, but not an empty one', () => {
    const deltas: StreamDelta[] = [];
    const result = accumulate(
      [
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'Hello' } },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: ' world' } },
        stop('end_turn'),
      ],
      deltas,
    ).result();
    expect(result.content).toBe('Hello world');
    expect(deltas).toEqual([
      { type: 'text', text: 'Hello' },
      { type: 'text', text: ' world' },
    ]);
  });

  it('names a tool_use without id or name after its block, and ignores argument deltas for blocks it does not know', () => {
    const deltas: StreamDelta[] = [];
    const result = accumulate(
      [
        { type: 'content_block_start', index: 2, content_block: { type: 'tool_use' } },
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '' } },
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: 5 } },
        { type: 'content_block_delta', index: 7, delta: { type: 'input_json_delta', partial_json: '{"lost":true}' } },
        { type: 'content_block_delta', index: 2, delta: { type: 'text_delta', text: 3 } },
        { type: 'ping' },
        stop('tool_use'),
      ],
      deltas,
    ).result();
    expect(result.toolCalls).toEqual([{ id: 'toolu_2', name: '', arguments: '{"a":1}' }]);
    expect(deltas).toEqual([
      { type: 'tool-call-start', index: 2, id: 'toolu_2', name: '' },
      { type: 'tool-call-arguments', index: 2, id: 'toolu_2', argumentsDelta: '{"a":1}' },
    ]);
  });

  it('orders tool calls by block index, whatever order their blocks started in', () => {
    const result = accumulate([
      { type: 'content_block_start', index: 3, content_block: { type: 'tool_use', id: 'b', name: 'second' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'a', name: 'first' } },
      stop('tool_use'),
    ]).result();
    expect(result.toolCalls.map((call) => call.id)).toEqual(['a', 'b']);
    expect(result.finishReason).toBe('tool_calls');
  });

  it('ignores a stop reason that is not a string, and says the stream is incomplete without one', () => {
    const accumulator = accumulate([{ type: 'message_delta', delta: { stop_reason: null } }]);
    expect(() => accumulator.result()).toThrow(
      'The stream from Anthropic ended before the model finished (no stop_reason). The response is incomplete, so its tool calls were not run.',
    );
  });
});

describe('readAnthropicStream', () => {
  it('stops reading at message_stop and refuses events that are not objects', async () => {
    const events = [
      'event: message_start\ndata: {"type":"message_start","message":{}}\n\n',
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"}}\n\n',
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
      'data: not json at all\n\n',
    ].join('');
    expect((await readAnthropicStream(bodyStream(events), endpoint)).rawFinishReason).toBe('end_turn');
    await expect(readAnthropicStream(bodyStream('data: 42\n\n'), endpoint)).rejects.toThrow(
      'Anthropic sent a response Toolscope cannot read: a stream event is not an object.',
    );
    await expect(readAnthropicStream(bodyStream('data: null\n\n'), endpoint)).rejects.toThrow('a stream event is not an object');
  });
});
