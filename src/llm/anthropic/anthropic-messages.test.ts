import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model-types.ts';
import { toAnthropicMessages } from './anthropic-messages.ts';

describe('toAnthropicMessages', () => {
  it('lifts the system prompt, emits tool_use blocks and merges one batch of results into one user turn', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Weather in SF, both units?' },
      {
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'toolu_a', name: 'get_weather', arguments: '{"units":"c"}' },
          { id: 'toolu_b', name: 'get_weather', arguments: '{"units":"f"}' },
        ],
      },
      { role: 'tool', toolCallId: 'toolu_a', name: 'get_weather', content: '{"temperature":20}' },
      { role: 'tool', toolCallId: 'toolu_b', name: 'get_weather', content: '{"error":"timeout"}', isError: true },
      { role: 'user', content: 'Thanks!' },
    ];
    const { system, messages: wire } = toAnthropicMessages(messages);
    expect(system).toBe('You are terse.');
    expect(wire).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in SF, both units?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { units: 'c' } },
          { type: 'tool_use', id: 'toolu_b', name: 'get_weather', input: { units: 'f' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_a', content: '{"temperature":20}' },
          { type: 'tool_result', tool_use_id: 'toolu_b', content: '{"error":"timeout"}', is_error: true },
          { type: 'text', text: 'Thanks!' },
        ],
      },
    ]);
  });

  it('replays malformed or empty arguments as an object, because tool_use.input must be one', () => {
    const { messages } = toAnthropicMessages([
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 't1', name: 'a', arguments: '{"city": "Par' },
          { id: 't2', name: 'b', arguments: '' },
        ],
      },
    ]);
    expect(messages[0]?.content).toEqual([
      { type: 'tool_use', id: 't1', name: 'a', input: { unparsed_arguments: '{"city": "Par' } },
      { type: 'tool_use', id: 't2', name: 'b', input: {} },
    ]);
  });
});
