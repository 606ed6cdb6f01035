import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../core/index.ts';
import { fakeFetch } from '../fake-fetch.test-support.ts';
import type { ChatMessage, StreamDelta } from '../model-types.ts';
import { createAnthropicModel } from './anthropic-model.ts';
import parallelBody from './__fixtures__/anthropic-parallel-tools.json';
import parallelStreams from './__fixtures__/anthropic-parallel-tools.stream.json';
import noArgumentLines from './__fixtures__/anthropic-tool-no-arguments.chunks.txt?raw';
import errors from './__fixtures__/anthropic-errors.json';

const apiKey = 'sk-ant-api03-test-key-000000';
const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Lookup the weather for a given city in either celsius or fahrenheit',
  parameters: {
    type: 'object',
    properties: { location: { type: 'string' }, units: { type: 'string', enum: ['c', 'f'] } },
    required: ['location', 'units'],
  },
};
const userAsks: ChatMessage[] = [{ role: 'user', content: 'What is the weather in SF?' }];

describe('Anthropic adapter, recorded non-streaming response', () => {
  it('parses parallel tool_use blocks with ids, stop reason and usage, and sends the browser headers', async () => {
    const { fetch, requests } = fakeFetch([{ body: JSON.stringify(parallelBody) }]);
    const model = createAnthropicModel({ model: 'claude-3-5-sonnet-20241022', apiKey, fetch });
    const result = await model.generate({ messages: [{ role: 'system', content: 'Be brief.' }, ...userAsks], tools: [weatherTool] });
    expect(result.toolCalls).toEqual([
      { id: 'toolu_013bzsyqF4LyvJj6CF5gYCEn', name: 'get_weather', arguments: '{"location":"San Francisco, CA","units":"c"}' },
      { id: 'toolu_01Ugb5BSmDUth8vbdkUsNYrs', name: 'get_weather', arguments: '{"location":"San Francisco, CA","units":"f"}' },
    ]);
    expect(result.content).toMatch(/^I'll help you check the weather in San Francisco/);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.rawFinishReason).toBe('tool_use');
    expect(result.usage).toEqual({ inputTokens: 473, outputTokens: 169, totalTokens: 642 });
    const sent = requests[0];
    expect(sent?.url).toBe('https://api.anthropic.com/v1/messages');
    expect(sent?.headers['x-api-key']).toBe(apiKey);
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toMatchObject({
      system: 'Be brief.',
      max_tokens: 4096,
      tools: [{ name: 'get_weather', input_schema: weatherTool.parameters }],
    });
  });
});

describe('Anthropic adapter, recorded streams', () => {
  it('accumulates input_json_delta per content block across arbitrary chunk boundaries', async () => {
    const [toolTurn] = parallelStreams;
    for (const chunkSizes of [[Number.MAX_SAFE_INTEGER], [1], [5, 17, 101]]) {
      const { fetch, requests } = fakeFetch([{ body: toolTurn ?? '', chunkSizes }]);
      const deltas: StreamDelta[] = [];
      const model = createAnthropicModel({ model: 'claude-3-5-sonnet-20241022', apiKey, fetch });
      const result = await model.generate({ messages: userAsks, tools: [weatherTool], onDelta: (delta) => deltas.push(delta) });
      expect(result.toolCalls).toEqual([
        { id: 'toolu_017o8qjpdoyixa3MKzz9J9pn', name: 'get_weather', arguments: '{"location": "San Francisco, CA", "units": "f"}' },
        { id: 'toolu_01MTKoz2BN2tZ9tj5hP3kzST', name: 'get_weather', arguments: '{"location": "San Francisco, CA", "units": "c"}' },
      ]);
      expect(result.content).toBe(
        "I'll help you check the weather in San Francisco. The function requires me to specify the units (celsius or fahrenheit), so I'll check it in both units to give you a complete picture.",
      );
      expect(result.finishReason).toBe('tool_calls');
      expect(result.usage).toEqual({ inputTokens: 473, outputTokens: 170, totalTokens: 643 });
      expect(
        deltas.filter((delta) => delta.type === 'tool-call-start').map((delta) => (delta.type === 'tool-call-start' ? delta.index : -1)),
      ).toEqual([1, 2]);
      expect(requests[0]?.body).toMatchObject({ stream: true });
    }
  });

  it('reads the final text turn with its stop reason', async () => {
    const { fetch } = fakeFetch([{ body: parallelStreams[1] ?? '', chunkSizes: [9] }]);
    const model = createAnthropicModel({ model: 'claude-3-5-sonnet-20241022', apiKey, fetch });
    const result = await model.generate({ messages: userAsks, tools: [weatherTool], onDelta: () => undefined });
    expect(result.content).toBe('The weather in San Francisco is currently sunny with a temperature of 68°F (20°C).');
    expect(result.toolCalls).toEqual([]);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({ inputTokens: 761, outputTokens: 25, totalTokens: 786 });
  });

  it('gives a tool without arguments the input {}', async () => {
    // vercel/ai stores one event JSON per line; the wire adds the SSE framing.
    const body = noArgumentLines
      .split('\n')
      .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
      .join('');
    const { fetch } = fakeFetch([{ body }]);
    const model = createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey, fetch });
    const result = await model.generate({ messages: userAsks, tools: [], onDelta: () => undefined });
    expect(result.toolCalls).toEqual([{ id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', arguments: '{}' }]);
    expect(result.usage).toEqual({ inputTokens: 565, outputTokens: 48, totalTokens: 613 });
  });

  it('maps stop_reason max_tokens to a cut-off result and keeps the partial arguments raw', async () => {
    const { fetch } = fakeFetch([{ body: errors['max-tokens-cut-off-stream'].body }]);
    const model = createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey, fetch });
    const result = await model.generate({ messages: userAsks, tools: [weatherTool], onDelta: () => undefined });
    expect(result.finishReason).toBe('length');
    expect(result.rawFinishReason).toBe('max_tokens');
    expect(result.toolCalls[0]?.arguments).toBe('{"location": "San Fra');
  });

  it('turns a mid-stream error event into a server error', async () => {
    const { fetch } = fakeFetch([{ body: errors['stream-overloaded-event'].body }]);
    const model = createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey, fetch });
    await expect(model.generate({ messages: userAsks, tools: [], onDelta: () => undefined })).rejects.toMatchObject({
      kind: 'server',
      message: expect.stringContaining('overloaded_error'),
    });
  });
});
