import { describe, expect, it } from 'vitest';
import { createApiKeyStore } from '../llm/index.ts';
import { providerKey } from './provider-key.ts';

const openai = (baseUrl: string) => ({ kind: 'openai' as const, model: 'gpt-4o-mini', baseUrl, stream: true });

describe('providerKey (issue 28: a changed base URL received the remembered key)', () => {
  it('sends a key to the address it was entered for, the preset default included', () => {
    const keys = createApiKeyStore();
    keys.set('openai', 'sk-1', { endpoint: 'https://api.openai.com/v1' });
    expect(providerKey(keys, openai(''))).toEqual({ ok: true, apiKey: 'sk-1' });
    expect(providerKey(keys, openai('https://api.openai.com/v1/'))).toEqual({ ok: true, apiKey: 'sk-1' });
  });

  it('refuses, saying why and what to do, when the base URL is not the one the key was entered for', () => {
    const keys = createApiKeyStore();
    keys.set('openai', 'sk-1', { endpoint: 'https://api.openai.com/v1' });
    const refused = providerKey(keys, openai('https://evil.example/v1'));
    expect(refused.ok).toBe(false);
    expect(refused).toMatchObject({ message: expect.stringContaining('entered for https://api.openai.com/v1') });
    expect(JSON.stringify(refused)).not.toContain('sk-1');
  });

  it('has nothing to hold back without a key, or for the mock model', () => {
    const keys = createApiKeyStore();
    expect(providerKey(keys, openai('https://evil.example/v1'))).toEqual({ ok: true });
    expect(providerKey(keys, { kind: 'mock', model: 'mock-1', baseUrl: 'https://evil.example', stream: true })).toEqual({ ok: true });
  });
});
