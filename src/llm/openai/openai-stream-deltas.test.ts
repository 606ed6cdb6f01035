import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../http.ts';
import type { StreamDelta } from '../model-types.ts';
import { OpenAIStreamAccumulator } from './openai-stream.ts';

// Issue 20: how tool-call deltas are told apart and joined, for the shapes compatible servers send that
// the recorded streams do not (found by mutation testing of openai-stream.ts).
const endpoint: Endpoint = { provider: 'Proxy', url: 'http://proxy/v1/chat/completions', headers: {}, secrets: [], networkHint: '' };

function accumulator(deltas: StreamDelta[] = []) {
  return new OpenAIStreamAccumulator(endpoint, (delta) => deltas.push(delta));
}

const callDelta = (call: Record<string, unknown>) => ({ choices: [{ delta: { tool_calls: [call] } }] });
const finish = (reason = 'tool_calls') => ({ choices: [{ delta: {}, finish_reason: reason }] });

describe('OpenAI stream: which call a delta belongs to', () => {
  it('continues the latest call with a delta that has no index, also when it comes first', () => {
    const stream = accumulator();
    stream.push(callDelta({ id: 'call_a', function: { name: 'f', arguments: '{"x":' } }));
    stream.push(callDelta({ function: { arguments: '1}' } }));
    stream.push(callDelta({ index: 1, id: 'call_b', function: { name: 'g', arguments: '{"y":' } }));
    stream.push(callDelta({ function: { arguments: '2}' } }));
    stream.push(finish());
    expect(stream.result().toolCalls).toEqual([
      { id: 'call_a', name: 'f', arguments: '{"x":1}' },
      { id: 'call_b', name: 'g', arguments: '{"y":2}' },
    ]);
  });

  it('continues call 0 with an index-less delta even when a call 1 has not started yet', () => {
    const stream = accumulator();
    stream.push(callDelta({ index: 0, id: 'call_a', function: { name: 'f', arguments: '{"x":' } }));
    stream.push(callDelta({ function: { arguments: '1}' } }));
    stream.push(callDelta({ index: 1, id: 'call_b', function: { name: 'g', arguments: '{}' } }));
    stream.push(finish());
    expect(stream.result().toolCalls.map((call) => [call.id, call.arguments])).toEqual([
      ['call_a', '{"x":1}'],
      ['call_b', '{}'],
    ]);
  });

  it('starts a new call at the same index when the server names another id, even with the same tool and no arguments yet', () => {
    const stream = accumulator();
    stream.push(callDelta({ index: 0, id: 'call_a', function: { name: 'f', arguments: '{"x":1}' } }));
    stream.push(callDelta({ index: 0, id: 'call_b', function: { name: 'f', arguments: '' } }));
    stream.push(callDelta({ index: 0, function: { arguments: '{"x":2}' } }));
    stream.push(finish());
    expect(stream.result().toolCalls).toEqual([
      { id: 'call_a', name: 'f', arguments: '{"x":1}' },
      { id: 'call_b', name: 'f', arguments: '{"x":2}' },
    ]);
  });

  it('keeps an empty delta after complete arguments in the same call, and sends no empty argument delta', () => {
    const deltas: StreamDelta[] = [];
    const stream = accumulator(deltas);
    stream.push(callDelta({ index: 0, id: 'call_a', function: { name: 'f', arguments: '' } }));
    stream.push(callDelta({ index: 0, function: { arguments: '{}' } }));
    stream.push(callDelta({ index: 0, function: { arguments: '' } }));
    stream.push(callDelta({ index: 0 }));
    stream.push(finish());
    expect(stream.result().toolCalls).toEqual([{ id: 'call_a', name: 'f', arguments: '{}' }]);
    expect(deltas).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_a', name: 'f' },
      { type: 'tool-call-arguments', index: 0, id: 'call_a', argumentsDelta: '{}' },
    ]);
  });

  it('names the same call when its name arrives after its complete arguments', () => {
    const stream = accumulator();
    stream.push(callDelta({ index: 0, id: 'call_a', function: { arguments: '{"x":1}' } }));
    stream.push(callDelta({ index: 0, function: { name: 'f' } }));
    stream.push(finish());
    expect(stream.result().toolCalls).toEqual([{ id: 'call_a', name: 'f', arguments: '{"x":1}' }]);
  });

  it('reads a choice without a delta, and a call delta without a function, without failing', () => {
    const stream = accumulator();
    stream.push({ choices: [{ index: 0 }] });
    stream.push(callDelta({ index: 0, id: 'call_a' }));
    stream.push(callDelta({ index: 0, function: { name: 'f', arguments: '{}' } }));
    stream.push({ choices: [{ finish_reason: 'stop' }] });
    const result = stream.result();
    expect(result.toolCalls).toEqual([{ id: 'call_a', name: 'f', arguments: '{}' }]);
    // Older Ollama says `stop` after calling tools: the calls still count.
    expect(result.finishReason).toBe('tool_calls');
  });
});

describe('OpenAI stream: usage', () => {
  it('is zero when the stream reports none', () => {
    const stream = accumulator();
    stream.push({ choices: [{ delta: { content: 'Hi' }, finish_reason: 'stop' }] });
    expect(stream.result().usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
  });

  it('keeps the reported usage when later chunks carry none', () => {
    const stream = accumulator();
    stream.push({ choices: [{ delta: { content: 'Hi' } }], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } });
    stream.push({ choices: [{ delta: {}, finish_reason: 'stop' }] });
    stream.push({ choices: [], usage: null });
    expect(stream.result().usage).toEqual({ inputTokens: 5, outputTokens: 2, totalTokens: 7 });
  });
});
