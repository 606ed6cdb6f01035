import { describe, expect, it } from 'vitest';
import { accumulate } from './anthropic-stream.test-support.ts';
import type { StreamDelta } from '../model-types.ts';

// Issue 20: events with parts missing or of a kind the adapter does not show (found by mutation testing
// of anthropic-stream.ts). Each is read without failing and adds nothing it should not.

const endTurn = { type: 'message_delta', delta: { stop_reason: 'end_turn' } };

describe('Anthropic stream events with parts missing', () => {
  it('reads events that lack their message, block or delta', () => {
    const deltas: StreamDelta[] = [];
    const result = accumulate(
      [
        { type: 'message_start' },
        { type: 'content_block_start', index: 0 },
        { type: 'content_block_delta', index: 0 },
        { type: 'message_delta' },
        endTurn,
      ],
      deltas,
    ).result();
    expect(result).toMatchObject({ content: '', toolCalls: [], finishReason: 'stop', model: undefined });
    expect(deltas).toEqual([]);
  });

  it('takes the model only when it is text, and output tokens from message_start when message_delta has none', () => {
    const result = accumulate([
      { type: 'message_start', message: { model: 42, usage: { input_tokens: 2, output_tokens: 3 } } },
      endTurn,
    ]).result();
    expect(result.model).toBeUndefined();
    expect(result.usage).toEqual({ inputTokens: 2, outputTokens: 3, totalTokens: 5 });
  });

  it('shows text only from text blocks and text deltas that carry text', () => {
    const deltas: StreamDelta[] = [];
    const result = accumulate(
      [
        { type: 'content_block_start', index: 0, content_block: { type: 'text' } },
        { type: 'content_block_start', index: 1, content_block: { type: 'thinking', text: 'hidden reasoning' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
        endTurn,
      ],
      deltas,
    ).result();
    expect(result.content).toBe('Hi');
    expect(deltas).toEqual([{ type: 'text', text: 'Hi' }]);
  });

  it('adds argument text only to a tool_use block, and only when the delta carries some', () => {
    const deltas: StreamDelta[] = [];
    const result = accumulate(
      [
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'Checking.' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"stray":1}' } },
        { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'weather' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', partial_json: '{"wrong":1}' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":"Oslo"}' } },
        endTurn,
      ],
      deltas,
    ).result();
    expect(result.toolCalls).toEqual([{ id: 'toolu_1', name: 'weather', arguments: '{"city":"Oslo"}' }]);
    expect(deltas.filter((delta) => delta.type === 'tool-call-arguments')).toEqual([
      { type: 'tool-call-arguments', index: 1, id: 'toolu_1', argumentsDelta: '{"city":"Oslo"}' },
    ]);
    // end_turn with calls made: the calls still count.
    expect(result.finishReason).toBe('tool_calls');
  });

  it('says cut_off when the stream ends before a stop reason', () => {
    expect(() => accumulate([{ type: 'message_start', message: { model: 'claude-x' } }]).result()).toThrow(
      expect.objectContaining({ kind: 'cut_off' }),
    );
  });
});
