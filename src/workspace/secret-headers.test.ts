import { describe, expect, it } from 'vitest';
import { isSecretHeaderName } from './secret-headers.ts';

describe('secret headers', () => {
  it.each([
    'Authorization',
    'authorization ',
    'Cookie',
    'Proxy-Authorization',
    'X-API-Key',
    'x-api_key',
    'X-Auth-Token',
    'Client-Secret',
    'X-Password',
  ])('keeps the value of %s as a secret', (name) => expect(isSecretHeaderName(name)).toBe(true));

  it.each(['Accept', 'X-Request-Id', 'User-Agent', 'X-Tenant', 'Mcp-Protocol-Version'])('saves the value of %s with the server', (name) =>
    expect(isSecretHeaderName(name)).toBe(false),
  );
});
