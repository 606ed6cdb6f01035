import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../core/index.ts';
import { createAnthropicModel } from './anthropic/anthropic-model.ts';
import anthropicParallelBody from './anthropic/__fixtures__/anthropic-parallel-tools.json';
import anthropicErrors from './anthropic/__fixtures__/anthropic-errors.json';
import { fakeFetch, type RecordedResponse, type SentRequest } from './fake-fetch.test-support.ts';
import { createOpenAIModel } from './openai/openai-model.ts';
import openAIParallelBody from './openai/__fixtures__/openai-parallel-tools.json';
import openAICutOffChunks from './openai/__fixtures__/openai-length-cut-off.chunks.txt?raw';
import type { LanguageModel, StreamDelta } from './model-types.ts';

// Issue 12, defect 8: a plain JSON answer to a streaming request failed ("The stream … ended before the
// model finished"), and a wrong base URL that serves a web page was not told apart.

const weatherTool: ToolDefinition = { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } };
const userAsks = [{ role: 'user' as const, content: 'Weather?' }];
const json = { 'content-type': 'application/json' };
const page = '<!doctype html><html><head><title>Welcome to nginx!</title></head><body>It works</body></html>';

function openAI(responses: RecordedResponse[], stream?: boolean): { model: LanguageModel; requests: SentRequest[] } {
  const { fetch, requests } = fakeFetch(responses);
  const model = createOpenAIModel({ model: 'gpt-4o', baseUrl: 'http://localhost:8080/v1', providerName: 'Proxy', stream, fetch });
  return { model, requests };
}

function anthropic(responses: RecordedResponse[]): LanguageModel {
  return createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey: 'sk-ant-api03-test-key-000000', fetch: fakeFetch(responses).fetch });
}

const streaming = { messages: userAsks, tools: [weatherTool] };

describe('a JSON answer to a streaming request (issue 12)', () => {
  it('OpenAI-compatible: reads it as a whole response and replays it to the live view', async () => {
    const { model } = openAI([{ headers: json, body: JSON.stringify(openAIParallelBody) }]);
    const deltas: StreamDelta[] = [];
    const result = await model.generate({ ...streaming, onDelta: (delta) => deltas.push(delta) });
    expect(result.toolCalls.map((call) => call.name)).toEqual(['GetWeatherArgs', 'get_stock_price']);
    expect(result.finishReason).toBe('tool_calls');
    expect(deltas.filter((delta) => delta.type === 'tool-call-start').map((delta) => delta.type === 'tool-call-start' && delta.id)).toEqual(
      ['call_fdNz3vOBKYgOIpMdWotB9MjY', 'call_h1DWI1POMJLb0KwIyQHWXD4p'],
    );
  });

  it('Anthropic: reads it as a whole response', async () => {
    const model = anthropic([{ headers: json, body: JSON.stringify(anthropicParallelBody) }]);
    const result = await model.generate({ ...streaming, onDelta: () => undefined });
    expect(result.toolCalls.map((call) => call.id)).toEqual(['toolu_013bzsyqF4LyvJj6CF5gYCEn', 'toolu_01Ugb5BSmDUth8vbdkUsNYrs']);
    expect(result.finishReason).toBe('tool_calls');
  });

  it('tells JSON from a stream by the first character when the Content-Type says neither', async () => {
    const { model } = openAI([
      { headers: { 'content-type': 'text/plain' }, body: `\n ${JSON.stringify(openAIParallelBody)}` },
      { body: openAICutOffChunks, chunkSizes: [3] },
    ]);
    expect((await model.generate({ ...streaming, onDelta: () => undefined })).toolCalls).toHaveLength(2);
    expect((await model.generate({ ...streaming, onDelta: () => undefined })).finishReason).toBe('length');
  });
});

describe('a cut-off says so in both forms (issue 12)', () => {
  const openAILength = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'gpt-4o',
    choices: [{ index: 0, message: { role: 'assistant', content: '{"' }, finish_reason: 'length' }],
    usage: { prompt_tokens: 17, completion_tokens: 1, total_tokens: 18 },
  };
  const anthropicMaxTokens = {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text: 'The report begins' }],
    stop_reason: 'max_tokens',
    stop_sequence: null,
    usage: { input_tokens: 20, output_tokens: 16 },
  };

  it('OpenAI-compatible: finish_reason "length" as JSON and as a stream', async () => {
    const { model } = openAI([
      { headers: json, body: JSON.stringify(openAILength) },
      { headers: { 'content-type': 'text/event-stream' }, body: openAICutOffChunks },
    ]);
    for (let answer = 0; answer < 2; answer++) {
      const result = await model.generate({ ...streaming, onDelta: () => undefined });
      expect([result.finishReason, result.rawFinishReason]).toEqual(['length', 'length']);
    }
  });

  it('Anthropic: stop_reason "max_tokens" as JSON and as a stream', async () => {
    const recorded = anthropicErrors['max-tokens-cut-off-stream'];
    const model = anthropic([
      { headers: json, body: JSON.stringify(anthropicMaxTokens) },
      { headers: recorded.headers, body: recorded.body },
    ]);
    for (let answer = 0; answer < 2; answer++) {
      const result = await model.generate({ ...streaming, onDelta: () => undefined });
      expect([result.finishReason, result.rawFinishReason]).toEqual(['length', 'max_tokens']);
    }
  });
});

describe('a web page instead of the model API (issue 12)', () => {
  const webPage = {
    kind: 'bad_request',
    message: expect.stringMatching(/answered with a web page.*not the model API: check the base URL/),
  };

  it('is told apart with status 200, with or without a Content-Type, and as a 404', async () => {
    const { model } = openAI([
      { headers: { 'content-type': 'text/html; charset=utf-8' }, body: page },
      { body: `\n\n${page}` },
      { status: 404, headers: { 'content-type': 'text/html' }, body: page },
    ]);
    await expect(model.generate({ ...streaming, onDelta: () => undefined })).rejects.toMatchObject(webPage);
    await expect(model.generate(streaming)).rejects.toMatchObject(webPage);
    await expect(model.generate(streaming)).rejects.toMatchObject({ ...webPage, status: 404, message: expect.stringContaining('(404)') });
  });

  it('Anthropic: the same message, naming where the request went', async () => {
    const model = anthropic([{ headers: { 'content-type': 'text/html' }, body: page }]);
    await expect(model.generate({ ...streaming, onDelta: () => undefined })).rejects.toMatchObject({
      ...webPage,
      message: expect.stringContaining('https://api.anthropic.com/v1/messages'),
    });
  });

  it('keeps a proxy error page (5xx) a server error, without its HTML in the message', async () => {
    const { model } = openAI([{ status: 502, headers: { 'content-type': 'text/html' }, body: page }]);
    const failure = model.generate(streaming);
    await expect(failure).rejects.toMatchObject({ kind: 'server', status: 502 });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining('<') });
  });
});

describe('streaming switched off (issue 12)', () => {
  it('does not ask for a stream even when the caller listens for deltas, and still reads one if the server streams anyway', async () => {
    const { model, requests } = openAI([{ headers: { 'content-type': 'text/event-stream' }, body: openAICutOffChunks }], false);
    const result = await model.generate({ ...streaming, onDelta: () => undefined });
    expect(requests[0]?.body).not.toHaveProperty('stream');
    expect(result.finishReason).toBe('length');
  });
});
