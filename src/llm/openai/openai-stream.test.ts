import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../http.ts';
import { fakeFetch } from '../fake-fetch.test-support.ts';
import type { StreamDelta } from '../model-types.ts';
import { createOpenAIModel } from './openai-model.ts';
import { OpenAIStreamAccumulator } from './openai-stream.ts';
import ollamaChunks from './__fixtures__/ollama-parallel-tools-index-0.chunks.txt?raw';

const endpoint: Endpoint = {
  provider: 'Ollama',
  url: 'http://localhost:11434/v1/chat/completions',
  headers: {},
  secrets: [],
  networkHint: '',
};
const userAsks = [{ role: 'user' as const, content: 'Weather in Paris, and the time in UTC?' }];

/** One chunk per tool-call delta, then a finish reason. */
function accumulate(deltas: unknown[]): OpenAIStreamAccumulator {
  const accumulator = new OpenAIStreamAccumulator(endpoint);
  for (const delta of deltas) accumulator.push({ id: 'chatcmpl-1', choices: [{ index: 0, delta: { tool_calls: [delta] } }] });
  accumulator.push({ id: 'chatcmpl-1', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
  return accumulator;
}

describe('OpenAI-compatible stream where every call has index 0 (issue 12, Ollama)', () => {
  it('keeps two streamed calls apart instead of merging them into one', async () => {
    for (const chunkSizes of [[Number.MAX_SAFE_INTEGER], [1], [29]]) {
      const { fetch } = fakeFetch([{ body: ollamaChunks, chunkSizes }]);
      const deltas: StreamDelta[] = [];
      const model = createOpenAIModel({ model: 'llama3.1:8b', baseUrl: 'http://localhost:11434/v1', providerName: 'Ollama', fetch });
      const result = await model.generate({ messages: userAsks, tools: [], onDelta: (delta) => deltas.push(delta) });
      expect(result.toolCalls).toEqual([
        { id: 'call_k2p9x4bq', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'call_7tq1m0zd', name: 'get_time', arguments: '{"tz":"UTC"}' },
      ]);
      expect(result.finishReason).toBe('tool_calls');
      expect(result.usage).toEqual({ inputTokens: 182, outputTokens: 41, totalTokens: 223 });
      // The UI keys live calls by the delta index: each call gets its own.
      expect(deltas.filter((delta) => delta.type === 'tool-call-start')).toEqual([
        { type: 'tool-call-start', index: 0, id: 'call_k2p9x4bq', name: 'get_weather' },
        { type: 'tool-call-start', index: 1, id: 'call_7tq1m0zd', name: 'get_time' },
      ]);
      expect(
        deltas.filter((delta) => delta.type === 'tool-call-arguments').map((delta) => delta.type === 'tool-call-arguments' && delta.index),
      ).toEqual([0, 1]);
    }
  });

  it('starts a new call at a new tool name once the arguments so far are complete, even without ids', () => {
    const result = accumulate([
      { index: 0, function: { name: 'get_weather', arguments: '{"city":' } },
      { index: 0, function: { arguments: '"Paris"}' } },
      { index: 0, function: { name: 'get_time', arguments: '{"tz":"UTC"}' } },
    ]).result();
    expect(result.toolCalls).toEqual([
      { id: 'chatcmpl-1_0', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'chatcmpl-1_1', name: 'get_time', arguments: '{"tz":"UTC"}' },
    ]);
  });

  it('starts a new call when the same tool is named again with new arguments after complete ones', () => {
    const result = accumulate([
      { function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
    ]).result();
    expect(result.toolCalls.map((call) => call.arguments)).toEqual(['{"city":"Paris"}', '{"city":"Oslo"}']);
  });

  it('does not split a call whose server repeats the name (or the id) while the arguments stream', () => {
    const result = accumulate([
      { index: 0, id: 'call_a', function: { name: 'get_weather', arguments: '' } },
      { index: 0, id: 'call_a', function: { name: 'get_weather', arguments: '{"ci' } },
      { index: 0, function: { name: 'get_weather', arguments: 'ty":"Paris"}' } },
      // A name repeated once the arguments are complete, with nothing new, is not another call.
      { index: 0, function: { name: 'get_weather' } },
    ]).result();
    expect(result.toolCalls).toEqual([{ id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' }]);
  });

  it('still keeps interleaved calls apart by their own indexes', () => {
    const result = accumulate([
      { index: 0, id: 'call_a', function: { name: 'a', arguments: '{"x":' } },
      { index: 1, id: 'call_b', function: { name: 'b', arguments: '{"y":' } },
      { index: 0, function: { arguments: '1}' } },
      { index: 1, function: { arguments: '2}' } },
    ]).result();
    expect(result.toolCalls).toEqual([
      { id: 'call_a', name: 'a', arguments: '{"x":1}' },
      { id: 'call_b', name: 'b', arguments: '{"y":2}' },
    ]);
  });
});
