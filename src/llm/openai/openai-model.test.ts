import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../core/index.ts';
import { fakeFetch } from '../fake-fetch.test-support.ts';
import type { StreamDelta } from '../model-types.ts';
import { createOpenAIModel } from './openai-model.ts';
import parallelBody from './__fixtures__/openai-parallel-tools.json';
import parallelChunks from './__fixtures__/openai-parallel-tools.chunks.txt?raw';
import cutOffChunks from './__fixtures__/openai-length-cut-off.chunks.txt?raw';
import textThenToolLines from './__fixtures__/openai-text-then-tool-call.chunks.txt?raw';

const weatherTool: ToolDefinition = {
  name: 'GetWeatherArgs',
  description: 'Get the temperature for the given country/city combo',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const userAsks = [{ role: 'user' as const, content: "What's the weather like in Edinburgh?" }];

// vercel/ai records one chunk JSON per line; the wire form wraps each in `data:` and ends with [DONE].
function asServerSentEvents(lines: string): string {
  return (
    lines
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `data: ${line}\n\n`)
      .join('') + 'data: [DONE]\n\n'
  );
}

describe('OpenAI adapter, recorded non-streaming response', () => {
  it('parses parallel tool calls with their ids, the finish reason and usage', async () => {
    const { fetch, requests } = fakeFetch([{ body: JSON.stringify(parallelBody) }]);
    const model = createOpenAIModel({ model: 'gpt-4o-2024-08-06', apiKey: 'sk-test-key-123456', fetch });
    const result = await model.generate({ messages: userAsks, tools: [weatherTool] });
    expect(result.toolCalls).toEqual([
      { id: 'call_fdNz3vOBKYgOIpMdWotB9MjY', name: 'GetWeatherArgs', arguments: '{"city": "Edinburgh", "country": "GB", "units": "c"}' },
      { id: 'call_h1DWI1POMJLb0KwIyQHWXD4p', name: 'get_stock_price', arguments: '{"ticker": "AAPL", "exchange": "NASDAQ"}' },
    ]);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.rawFinishReason).toBe('tool_calls');
    expect(result.usage).toEqual({ inputTokens: 149, outputTokens: 60, totalTokens: 209 });
    expect(result.content).toBe('');
    expect(result.model).toBe('gpt-4o-2024-08-06');
    expect(requests[0]?.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(requests[0]?.headers.authorization).toBe('Bearer sk-test-key-123456');
    expect(requests[0]?.body).toMatchObject({
      model: 'gpt-4o-2024-08-06',
      tools: [{ type: 'function', function: { name: 'GetWeatherArgs' } }],
    });
    expect(requests[0]?.body).not.toHaveProperty('stream');
  });
});

describe('OpenAI adapter, recorded streams', () => {
  it('accumulates interleaved argument deltas by index, across arbitrary chunk boundaries', async () => {
    for (const chunkSizes of [[Number.MAX_SAFE_INTEGER], [1], [7, 3, 50], [333]]) {
      const { fetch, requests } = fakeFetch([{ body: parallelChunks, chunkSizes }]);
      const deltas: StreamDelta[] = [];
      const model = createOpenAIModel({ model: 'gpt-4o', apiKey: 'sk-test-key-123456', fetch });
      const result = await model.generate({ messages: userAsks, tools: [weatherTool], onDelta: (delta) => deltas.push(delta) });
      expect(result.toolCalls).toEqual([
        { id: 'call_lQnnsesjFMWMQ5IeWPHzR4th', name: 'GetWeatherArgs', arguments: '{"city": "Edinburgh", "country": "UK", "units": "c"}' },
        { id: 'call_2xjOUgaCdiwAcl9ZBL9LyMUU', name: 'get_stock_price', arguments: '{"ticker": "AAPL", "exchange": "NASDAQ"}' },
      ]);
      expect(result.finishReason).toBe('tool_calls');
      expect(result.usage).toEqual({ inputTokens: 149, outputTokens: 60, totalTokens: 209 });
      expect(deltas.filter((delta) => delta.type === 'tool-call-start')).toEqual([
        { type: 'tool-call-start', index: 0, id: 'call_lQnnsesjFMWMQ5IeWPHzR4th', name: 'GetWeatherArgs' },
        { type: 'tool-call-start', index: 1, id: 'call_2xjOUgaCdiwAcl9ZBL9LyMUU', name: 'get_stock_price' },
      ]);
      const secondArguments = deltas.flatMap((delta) =>
        delta.type === 'tool-call-arguments' && delta.index === 1 ? [delta.argumentsDelta] : [],
      );
      expect(secondArguments.join('')).toBe('{"ticker": "AAPL", "exchange": "NASDAQ"}');
      expect(requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    }
  });

  it('reports text deltas before a tool call, and usage from the trailing chunk', async () => {
    const { fetch } = fakeFetch([{ body: asServerSentEvents(textThenToolLines), chunkSizes: [64] }]);
    const deltas: StreamDelta[] = [];
    const model = createOpenAIModel({ model: 'gpt-4o', apiKey: 'sk-test-key-123456', fetch });
    const result = await model.generate({ messages: userAsks, tools: [weatherTool], onDelta: (delta) => deltas.push(delta) });
    expect(result.content).toBe('PRE_TOOL');
    expect(deltas.filter((delta) => delta.type === 'text').map((delta) => (delta.type === 'text' ? delta.text : ''))).toEqual([
      'PRE',
      '_TOOL',
    ]);
    expect(result.toolCalls).toEqual([{ id: 'call_NZa7xqfefoaMI2YYHowVXVlU', name: 'weather', arguments: '{}' }]);
    expect(result.usage).toEqual({ inputTokens: 58, outputTokens: 12, totalTokens: 70 });
  });

  it('maps finish_reason "length" to a cut-off result', async () => {
    const { fetch } = fakeFetch([{ body: cutOffChunks }]);
    const model = createOpenAIModel({ model: 'gpt-4o', apiKey: 'sk-test-key-123456', fetch });
    const result = await model.generate({ messages: userAsks, tools: [], onDelta: () => undefined });
    expect(result.finishReason).toBe('length');
    expect(result.content).toBe('{"');
    expect(result.usage).toEqual({ inputTokens: 17, outputTokens: 1, totalTokens: 18 });
  });

  it('rejects a stream that ends without a finish reason as cut off', async () => {
    const truncated = parallelChunks.slice(0, parallelChunks.indexOf('"finish_reason":"tool_calls"') - 200);
    const { fetch } = fakeFetch([{ body: truncated.slice(0, truncated.lastIndexOf('\n\n') + 2) }]);
    const model = createOpenAIModel({ model: 'gpt-4o', apiKey: 'sk-test-key-123456', fetch });
    await expect(model.generate({ messages: userAsks, tools: [weatherTool], onDelta: () => undefined })).rejects.toMatchObject({
      kind: 'cut_off',
    });
  });
});

describe('OpenAI adapter, abort mid-stream', () => {
  it('rejects with the abort reason once the caller aborts, even after deltas arrived', async () => {
    const { fetch } = fakeFetch([{ body: parallelChunks, chunkSizes: [200] }]);
    const controller = new AbortController();
    const model = createOpenAIModel({ model: 'gpt-4o', apiKey: 'sk-test-key-123456', fetch });
    const pending = model.generate({
      messages: userAsks,
      tools: [weatherTool],
      signal: controller.signal,
      onDelta: () => controller.abort(new DOMException('stopped', 'AbortError')),
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'stopped' });
  });
});

describe('OpenAI-compatible quirks', () => {
  it('reports an error object inside a 200 body (OpenRouter) as a server error', async () => {
    const { fetch } = fakeFetch([{ body: '{"error":{"message":"Upstream provider timed out","code":502}}' }]);
    const model = createOpenAIModel({
      model: 'openai/gpt-4o-mini',
      apiKey: 'sk-or-v1-0123456789',
      baseUrl: 'https://openrouter.ai/api/v1',
      providerName: 'OpenRouter',
      fetch,
    });
    await expect(model.generate({ messages: userAsks, tools: [] })).rejects.toMatchObject({
      kind: 'server',
      message: expect.stringContaining('Upstream provider timed out'),
    });
  });

  it('accepts object arguments, missing ids and a "stop" finish reason with tool calls (older Ollama)', async () => {
    const body = {
      model: 'llama3.1',
      choices: [
        {
          message: { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] },
          finish_reason: 'stop',
        },
      ],
    };
    const { fetch } = fakeFetch([{ body: JSON.stringify(body) }]);
    const model = createOpenAIModel({ model: 'llama3.1', baseUrl: 'http://localhost:11434/v1', providerName: 'Ollama', fetch });
    const result = await model.generate({ messages: userAsks, tools: [weatherTool] });
    expect(result.toolCalls).toEqual([{ id: 'call_0', name: 'get_weather', arguments: '{"city":"Paris"}' }]);
    expect(result.finishReason).toBe('tool_calls');
  });
});
