// OpenAI Chat Completions and every server that speaks it (Ollama, LM Studio, vLLM, OpenRouter...).
import type { Endpoint, FetchFunction } from '../http.ts';
import { postJson } from '../http.ts';
import { readAnswer } from '../response-body.ts';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../model-types.ts';
import { toOpenAIMessages, toOpenAITools } from './openai-messages.ts';
import { parseOpenAIResponse } from './openai-response.ts';
import { readOpenAIStream } from './openai-stream.ts';

export const openAIDefaultBaseUrl = 'https://api.openai.com/v1';

export interface OpenAIModelOptions {
  model: string;
  /** Optional for local servers, which usually need none. Sent only in the Authorization header. */
  apiKey?: string;
  /** Default `https://api.openai.com/v1`. `/chat/completions` is appended. */
  baseUrl?: string;
  /** Display name in messages and the UI; default `OpenAI`, or the host for another base URL. */
  providerName?: string;
  /**
   * Ask for a stream when the caller listens for deltas (default), or never. Either way the answer is
   * read by its Content-Type, so a server that ignores the request still works.
   */
  stream?: boolean;
  maxOutputTokens?: number;
  /** Extra headers, e.g. OpenRouter's `HTTP-Referer` / `X-Title`. */
  headers?: Record<string, string>;
  fetch?: FetchFunction;
  /** Send the images tools returned (default: only to OpenAI's own API, which takes them). */
  attachImages?: boolean;
}

const openAINetworkHint = 'Check the internet connection; a proxy, firewall or browser extension may be blocking the request.';

export function localServerHint(): string {
  return (
    'Is the server running? A web page may call a local server only if it allows cross-origin requests: ' +
    'start Ollama with OLLAMA_ORIGINS=* (or this page\'s origin), turn on "Enable CORS" in LM Studio\'s server settings, ' +
    'or pass --allowed-origins to vLLM. Hosted services such as OpenRouter allow browser calls already.'
  );
}

function isOpenAI(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).host === 'api.openai.com';
  } catch {
    return false;
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'OpenAI-compatible server';
  }
}

export function createOpenAIModel(options: OpenAIModelOptions): LanguageModel {
  const baseUrl = (options.baseUrl ?? openAIDefaultBaseUrl).replace(/\/+$/, '');
  const official = isOpenAI(baseUrl);
  const provider = options.providerName ?? (official ? 'OpenAI' : hostOf(baseUrl));
  const endpoint: Endpoint = {
    provider,
    url: `${baseUrl}/chat/completions`,
    headers: { ...options.headers, ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
    secrets: options.apiKey ? [options.apiKey] : [],
    networkHint: official ? openAINetworkHint : localServerHint(),
    fetch: options.fetch,
  };

  async function generate(request: GenerateRequest): Promise<GenerateResult> {
    const stream = options.stream !== false && request.onDelta !== undefined;
    const body: Record<string, unknown> = {
      model: options.model,
      messages: toOpenAIMessages(request.messages, { attachImages: options.attachImages ?? official }),
    };
    if (request.tools.length > 0) body.tools = toOpenAITools(request.tools);
    if (options.maxOutputTokens !== undefined) {
      // OpenAI deprecated max_tokens for max_completion_tokens; compatible servers mostly know only the old name.
      body[official ? 'max_completion_tokens' : 'max_tokens'] = options.maxOutputTokens;
    }
    if (stream) {
      body.stream = true;
      body.stream_options = { include_usage: true };
    }
    const response = await postJson(endpoint, body, request.signal);
    const readers = {
      stream: (events: ReadableStream<Uint8Array>) => readOpenAIStream(events, endpoint, request.onDelta, request.signal),
      json: (value: unknown) => parseOpenAIResponse(value, endpoint),
    };
    return readAnswer(response, endpoint, readers, request.onDelta, request.signal);
  }

  return { id: `${official ? 'openai' : 'openai-compatible'}:${options.model}`, label: `${options.model} (${provider})`, generate };
}
