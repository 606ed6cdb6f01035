import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './api-key-store.ts';
import { apiKeyStorageKey, createApiKeyStore } from './api-key-store.ts';
import { fakeFetch } from './fake-fetch.test-support.ts';
import { createModelFromSettings } from './provider-presets.ts';

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('createApiKeyStore', () => {
  it('keeps keys in memory only, unless asked to remember', () => {
    const storage = memoryStorage();
    const store = createApiKeyStore({ storage });
    store.set('openai', ' sk-one-1234567890 ');
    expect(store.get('openai')).toBe('sk-one-1234567890');
    expect(storage.entries.size).toBe(0);
    store.set('anthropic', 'sk-ant-two-1234567890', { remember: true });
    expect(JSON.parse(storage.entries.get(apiKeyStorageKey) ?? '{}')).toEqual({
      anthropic: { key: 'sk-ant-two-1234567890', endpoint: '' },
    });
    const reloaded = createApiKeyStore({ storage });
    expect(reloaded.get('anthropic')).toBe('sk-ant-two-1234567890');
    expect(reloaded.get('openai')).toBeUndefined();
    expect(reloaded.isRemembered('anthropic')).toBe(true);
  });

  it('forgets from the device when the opt-in is withdrawn', () => {
    const storage = memoryStorage();
    const store = createApiKeyStore({ storage });
    store.set('openai', 'sk-one-1234567890', { remember: true });
    store.set('openai', 'sk-one-1234567890', { remember: false });
    expect(storage.entries.size).toBe(0);
    store.set('openai', 'sk-one-1234567890', { remember: true });
    store.forgetAll();
    expect(storage.entries.size).toBe(0);
    expect(store.get('openai')).toBeUndefined();
  });

  it('gives a key only for the address it was entered for (issue 28: an imported base URL received it)', () => {
    const store = createApiKeyStore();
    store.set('openai', 'sk-one-1234567890', { endpoint: 'https://api.openai.com/v1' });
    expect(store.get('openai', 'https://api.openai.com/v1/')).toBe('sk-one-1234567890');
    expect(store.get('openai', 'https://evil.example/v1')).toBeUndefined();
    expect(store.endpointOf('openai')).toBe('https://api.openai.com/v1');
    // Toggling "Remember" keeps the address; confirming a new one moves the key there.
    store.set('openai', 'sk-one-1234567890', { remember: false });
    expect(store.get('openai', 'https://evil.example/v1')).toBeUndefined();
    store.set('openai', 'sk-one-1234567890', { endpoint: 'https://evil.example/v1' });
    expect(store.get('openai', 'https://evil.example/v1')).toBe('sk-one-1234567890');
    expect(store.get('openai', 'https://api.openai.com/v1')).toBeUndefined();
  });

  it('remembers the address with the key, and gives keys saved before addresses the start-up workspace’s', () => {
    const storage = memoryStorage();
    createApiKeyStore({ storage }).set('openai', 'sk-one-1234567890', { remember: true, endpoint: 'https://api.openai.com/v1' });
    expect(createApiKeyStore({ storage }).get('openai', 'https://api.openai.com/v1')).toBe('sk-one-1234567890');
    storage.setItem(apiKeyStorageKey, JSON.stringify({ openai: 'sk-old-1234567890', anthropic: 'sk-ant-old' }));
    const legacy = createApiKeyStore({ storage, legacyEndpoint: (id) => (id === 'openai' ? 'https://proxy.example/v1' : '') });
    expect(legacy.get('openai', 'https://proxy.example/v1')).toBe('sk-old-1234567890');
    expect(legacy.get('openai', 'https://evil.example/v1')).toBeUndefined();
    expect(legacy.get('anthropic', 'https://api.anthropic.com/v1')).toBeUndefined();
    expect(legacy.get('anthropic')).toBe('sk-ant-old');
  });

  it('never serializes a key', () => {
    const store = createApiKeyStore();
    store.set('openai', 'sk-one-1234567890');
    expect(JSON.stringify({ settings: { keys: store } })).not.toContain('sk-one');
    expect(store.providers()).toEqual(['openai']);
  });
});

describe('createModelFromSettings', () => {
  it('asks for a key before any request when the provider needs one', () => {
    expect(() => createModelFromSettings({ presetId: 'openai', model: 'gpt-4o-mini' })).toThrow(/needs an API key/);
  });

  it('builds a keyless Ollama model on its default base URL, with the key never in the URL', async () => {
    const { fetch, requests } = fakeFetch([{ body: JSON.stringify({ choices: [{ message: { content: 'hi' }, finish_reason: 'stop' }] }) }]);
    const model = createModelFromSettings({ presetId: 'ollama', model: 'llama3.1' }, { fetch });
    const result = await model.generate({ messages: [{ role: 'user', content: 'hello' }], tools: [] });
    expect(result).toMatchObject({ content: 'hi', finishReason: 'stop' });
    expect(requests[0]?.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(model.label).toBe('llama3.1 (Ollama)');
  });

  it('sends an OpenRouter key only in the Authorization header', async () => {
    const { fetch, requests } = fakeFetch([{ body: JSON.stringify({ choices: [{ message: { content: 'ok' }, finish_reason: 'stop' }] }) }]);
    const model = createModelFromSettings(
      { presetId: 'openrouter', model: 'openai/gpt-4o-mini', apiKey: 'sk-or-v1-abcdef0123456789' },
      { fetch },
    );
    await model.generate({ messages: [{ role: 'user', content: 'hello' }], tools: [] });
    expect(requests[0]?.url).not.toContain('sk-or');
    expect(requests[0]?.headers.authorization).toBe('Bearer sk-or-v1-abcdef0123456789');
  });
});
