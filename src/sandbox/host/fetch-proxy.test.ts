import { describe, expect, it, vi } from 'vitest';
import type { FetchRequestData } from '../protocol/worker-messages.ts';
import { maxResponseBodyBytes, proxyFetch } from './fetch-proxy.ts';

const get = (url: string): FetchRequestData => ({ url, method: 'GET', headers: [] });

describe('proxyFetch', () => {
  it('never calls fetch for an origin outside the allowlist', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const result = await proxyFetch(get('https://x.y/a'), [], new AbortController().signal, fetchSpy);
    expect(result).toEqual({
      ok: false,
      message: 'fetch to https://x.y blocked: origin not in the allowlist. Add "https://x.y" under Settings → Network allowlist.',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends no cookies or referrer, follows no redirects, and passes the call signal on', async () => {
    const fetchSpy = vi.fn<typeof fetch>(
      async () => new Response('{"ok":true}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    const signal = new AbortController().signal;
    const result = await proxyFetch(
      { url: 'https://api.test/items', method: 'POST', headers: [['content-type', 'application/json']], body: '{}' },
      ['https://api.test'],
      signal,
      fetchSpy,
    );
    expect(result).toEqual({
      ok: true,
      response: {
        url: 'https://api.test/items',
        status: 201,
        statusText: '',
        headers: [['content-type', 'application/json']],
        body: '{"ok":true}',
      },
    });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init).toMatchObject({
      method: 'POST',
      body: '{}',
      credentials: 'omit',
      redirect: 'manual',
      referrerPolicy: 'no-referrer',
      signal,
    });
  });

  it('reports a redirect instead of following it out of the allowlist', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/' } }));
    const result = await proxyFetch(get('https://api.test/'), ['https://api.test'], new AbortController().signal, fetchSpy);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/redirect, which the sandbox does not follow/) });
  });

  it('refuses a body over the limit without reading all of it', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const fetchSpy = vi.fn<typeof fetch>(async () => new Response(stream));
    const result = await proxyFetch(get('https://api.test/big'), ['https://api.test'], new AbortController().signal, fetchSpy);
    expect(result).toEqual({
      ok: false,
      message: `fetch to https://api.test failed: the response body is larger than ${maxResponseBodyBytes} bytes`,
    });
    expect(pulled).toBeLessThan(10);
  });

  it('says the call was stopped when its signal aborts the request', async () => {
    const controller = new AbortController();
    const fetchSpy = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = proxyFetch(get('https://api.test/slow'), ['https://api.test'], controller.signal, fetchSpy);
    controller.abort();
    expect(await pending).toEqual({ ok: false, message: 'fetch to https://api.test aborted: the call was stopped' });
  });

  it('turns a network failure into a message that mentions CORS', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await proxyFetch(get('https://api.test/'), ['https://api.test'], new AbortController().signal, fetchSpy);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/Failed to fetch .*cross-origin/) });
  });
});
