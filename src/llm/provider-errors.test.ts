import { describe, expect, it } from 'vitest';
import { createAnthropicModel } from './anthropic/anthropic-model.ts';
import anthropicErrors from './anthropic/__fixtures__/anthropic-errors.json';
import { fakeFetch } from './fake-fetch.test-support.ts';
import type { RecordedResponse } from './fake-fetch.test-support.ts';
import type { LanguageModel } from './model-types.ts';
import { createOpenAIModel } from './openai/openai-model.ts';
import openAIErrors from './openai/__fixtures__/openai-errors.json';
import { ProviderError } from './provider-error.ts';

const openAIKey = 'sk-proj-SECRETSECRETSECRET0123456789AbCd';
const anthropicKey = 'sk-ant-api03-SECRETSECRETSECRET-0123456789';
const request = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

async function failure(model: LanguageModel): Promise<ProviderError> {
  const error: unknown = await model.generate(request).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

function openAI(response: RecordedResponse | Error, baseUrl?: string): LanguageModel {
  return createOpenAIModel({ model: 'gpt-4o-mini', apiKey: openAIKey, baseUrl, fetch: fakeFetch([response]).fetch });
}

function anthropic(response: RecordedResponse | Error): LanguageModel {
  return createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey: anthropicKey, fetch: fakeFetch([response]).fetch });
}

describe('provider errors are actionable', () => {
  it('401 says to check the key', async () => {
    for (const error of [
      await failure(openAI(openAIErrors['invalid-key-401'])),
      await failure(anthropic(anthropicErrors['invalid-key-401'])),
    ]) {
      expect(error.kind).toBe('auth');
      expect(error.status).toBe(401);
      expect(error.message).toMatch(/check the key/i);
    }
  });

  it('429 shows the retry-after the server asked for', async () => {
    const openAIError = await failure(openAI(openAIErrors['rate-limit-429']));
    expect(openAIError).toMatchObject({ kind: 'rate_limit', status: 429, retryAfterMs: 20_000 });
    expect(openAIError.message).toContain('Retry after 20 s');
    const anthropicError = await failure(anthropic(anthropicErrors['rate-limit-429']));
    expect(anthropicError).toMatchObject({ kind: 'rate_limit', retryAfterMs: 17_000 });
    expect(anthropicError.message).toContain('Retry after 17 s');
  });

  it('429 insufficient_quota points at billing', async () => {
    expect((await failure(openAI(openAIErrors['insufficient-quota-429']))).message).toMatch(/billing/);
  });

  it('5xx and 529 are server errors, worth retrying', async () => {
    for (const error of [
      await failure(openAI(openAIErrors['server-error-500'])),
      await failure(openAI(openAIErrors['overloaded-503'])),
      await failure(anthropic(anthropicErrors['overloaded-529'])),
    ]) {
      expect(error.kind).toBe('server');
      expect(error.retryable).toBe(true);
    }
    expect((await failure(anthropic(anthropicErrors['overloaded-529']))).message).toMatch(/overloaded \(529\)/);
  });

  it('a fetch TypeError (CORS, server down) becomes a network error that explains browser access', async () => {
    const ollama = await failure(openAI(new TypeError('Failed to fetch'), 'http://localhost:11434/v1'));
    expect(ollama.kind).toBe('network');
    expect(ollama.message).toContain('http://localhost:11434/v1/chat/completions');
    expect(ollama.message).toContain('OLLAMA_ORIGINS');
    expect(ollama.message).toContain('LM Studio');
    const claude = await failure(anthropic(new TypeError('Failed to fetch')));
    expect(claude.message).toContain('anthropic-dangerous-direct-browser-access');
  });

  it('an abort rejects with the abort reason, not a ProviderError', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stopped by the user', 'AbortError'));
    const model = createOpenAIModel({ model: 'gpt-4o-mini', apiKey: openAIKey, fetch: fakeFetch([]).fetch });
    await expect(model.generate({ ...request, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('never puts the API key, or anything shaped like one, in a message', async () => {
    const errors: ProviderError[] = [];
    for (const response of Object.values(openAIErrors)) errors.push(await failure(openAI(response)));
    for (const response of Object.values(anthropicErrors).filter((entry) => entry.status !== 200))
      errors.push(await failure(anthropic(response)));
    // Providers that echo the key back (some proxies do) must not get it through either.
    errors.push(await failure(openAI({ status: 400, body: JSON.stringify({ error: { message: `bad key ${openAIKey}` } }) })));
    errors.push(await failure(openAI(new TypeError(`fetch failed for Bearer ${openAIKey}`))));
    for (const error of errors) {
      expect(error.message).not.toContain(openAIKey);
      expect(error.message).not.toContain(anthropicKey);
      expect(error.message).not.toMatch(/sk-(proj|ant)-[A-Za-z0-9*]{4,}/);
      expect(JSON.stringify(error)).not.toContain('SECRET');
    }
  });
});
