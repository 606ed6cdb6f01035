// Anthropic Messages API, called straight from the browser.
import type { Endpoint, FetchFunction } from '../http.ts';
import { postJson } from '../http.ts';
import { readAnswer } from '../response-body.ts';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../model-types.ts';
import { toAnthropicMessages, toAnthropicTools } from './anthropic-messages.ts';
import { parseAnthropicResponse } from './anthropic-response.ts';
import { readAnthropicStream } from './anthropic-stream.ts';

export const anthropicDefaultBaseUrl = 'https://api.anthropic.com/v1';
export const anthropicVersion = '2023-06-01';

export interface AnthropicModelOptions {
  model: string;
  apiKey: string;
  /** Default `https://api.anthropic.com/v1`; `/messages` is appended. */
  baseUrl?: string;
  /** Required by the API; default 4096. */
  maxOutputTokens?: number;
  /** Ask for a stream when the caller listens for deltas (default), or never. The answer is read by its Content-Type. */
  stream?: boolean;
  fetch?: FetchFunction;
}

const networkHint =
  'Check the internet connection; a proxy, firewall or browser extension may be blocking api.anthropic.com. ' +
  'Anthropic accepts calls from a web page only with the anthropic-dangerous-direct-browser-access header, which Toolscope sends.';

export function createAnthropicModel(options: AnthropicModelOptions): LanguageModel {
  const baseUrl = (options.baseUrl ?? anthropicDefaultBaseUrl).replace(/\/+$/, '');
  const endpoint: Endpoint = {
    provider: 'Anthropic',
    url: `${baseUrl}/messages`,
    headers: {
      'x-api-key': options.apiKey,
      'anthropic-version': anthropicVersion,
      // Without it the API refuses CORS requests: the key is the user's own, typed into this page.
      'anthropic-dangerous-direct-browser-access': 'true',
    },
    secrets: [options.apiKey],
    networkHint,
    fetch: options.fetch,
  };

  async function generate(request: GenerateRequest): Promise<GenerateResult> {
    const stream = options.stream !== false && request.onDelta !== undefined;
    const { system, messages } = toAnthropicMessages(request.messages);
    const body: Record<string, unknown> = { model: options.model, max_tokens: options.maxOutputTokens ?? 4096, messages };
    if (system !== undefined) body.system = system;
    if (request.tools.length > 0) body.tools = toAnthropicTools(request.tools);
    if (stream) body.stream = true;
    const response = await postJson(endpoint, body, request.signal);
    const readers = {
      stream: (events: ReadableStream<Uint8Array>) => readAnthropicStream(events, endpoint, request.onDelta, request.signal),
      json: (value: unknown) => parseAnthropicResponse(value, endpoint),
    };
    return readAnswer(response, endpoint, readers, request.onDelta, request.signal);
  }

  return { id: `anthropic:${options.model}`, label: `${options.model} (Anthropic)`, generate };
}
