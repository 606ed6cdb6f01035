import { describe, expect, it } from 'vitest';
import { blockedMessage, checkFetchAllowed, normalizeOrigin } from './fetch-allowlist.ts';

describe('fetch allowlist', () => {
  it('blocks everything when the list is empty (the default), telling the user how to allow the origin', () => {
    const decision = checkFetchAllowed('https://x.y/path?q=1', []);
    expect(decision).toEqual({
      allowed: false,
      message: 'fetch to https://x.y blocked: origin not in the allowlist. Add "https://x.y" under Settings → Network allowlist.',
    });
  });

  it('compares origins: scheme, host and port, not paths', () => {
    const allowlist = ['https://api.example.com/v1', 'http://127.0.0.1:8080'];
    expect(checkFetchAllowed('https://api.example.com/other', allowlist).allowed).toBe(true);
    expect(checkFetchAllowed('https://API.example.com:443/x', allowlist).allowed).toBe(true);
    expect(checkFetchAllowed('http://api.example.com/v1', allowlist).allowed).toBe(false);
    expect(checkFetchAllowed('https://api.example.com.evil.test/', allowlist).allowed).toBe(false);
    expect(checkFetchAllowed('https://evil.test/?https://api.example.com', allowlist).allowed).toBe(false);
    expect(checkFetchAllowed('http://127.0.0.1:8081/', allowlist).allowed).toBe(false);
    expect(checkFetchAllowed('http://127.0.0.1:8080/ok', allowlist).allowed).toBe(true);
  });

  it('refuses relative URLs, other schemes and URLs with credentials', () => {
    const allowlist = ['https://api.example.com'];
    expect(checkFetchAllowed('/relative', allowlist)).toMatchObject({
      allowed: false,
      message: expect.stringMatching(/not an absolute URL/),
    });
    expect(checkFetchAllowed('data:text/plain,hi', allowlist)).toMatchObject({
      allowed: false,
      message: expect.stringMatching(/only http and https/),
    });
    expect(checkFetchAllowed('https://user:pass@api.example.com/', allowlist)).toMatchObject({
      allowed: false,
      message: expect.stringMatching(/credentials/),
    });
  });

  it('ignores entries that are not http(s) origins', () => {
    expect(normalizeOrigin(' https://Example.com/a ')).toBe('https://example.com');
    expect(normalizeOrigin('example.com')).toBeUndefined();
    expect(normalizeOrigin('file:///etc/passwd')).toBeUndefined();
    expect(checkFetchAllowed('https://example.com/', ['example.com', '*']).allowed).toBe(false);
    expect(blockedMessage('https://a.b')).toContain('Settings → Network allowlist');
  });
});
