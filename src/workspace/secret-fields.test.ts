import { describe, expect, it } from 'vitest';
import { isSecretFieldName, stripSecretFields } from './secret-fields.ts';

describe('secret fields', () => {
  it.each(['apiKey', 'api_key', 'API-KEY', 'openaiApiKey', 'x-api-key', 'key', 'Authorization', 'accessToken', 'clientSecret', 'password'])(
    'treats %s as a credential',
    (name) => expect(isSecretFieldName(name)).toBe(true),
  );

  it.each(['id', 'name', 'keyword', 'keys', 'maxTokens', 'baseUrl', 'schemaSource', 'fetchAllowlist', 'idempotent', 'provider'])(
    'leaves %s alone',
    (name) => expect(isSecretFieldName(name)).toBe(false),
  );

  it('removes credentials at any depth, reports where, and leaves the input untouched', () => {
    const input = {
      settings: { provider: { kind: 'openai', model: 'gpt', apiKey: 'sk-secret' } },
      tools: [{ name: 'a', headers: { Authorization: 'Bearer x' } }],
      key: 'k',
    };
    const { value, removedPaths } = stripSecretFields(input);
    expect(value).toEqual({ settings: { provider: { kind: 'openai', model: 'gpt' } }, tools: [{ name: 'a', headers: {} }] });
    expect(removedPaths).toEqual(['settings.provider.apiKey', 'tools.0.headers.Authorization', 'key']);
    expect(input.settings.provider.apiKey).toBe('sk-secret');
  });
});
