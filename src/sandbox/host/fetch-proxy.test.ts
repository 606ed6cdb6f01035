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

describe('proxyFetch, at the edges', () => {
  const allowed = ['https://api.test'];
  const ok = (response: Response) => vi.fn<typeof fetch>(async () => response);

  it('does not start a request for a call that was already stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchSpy = vi.fn<typeof fetch>();
    const result = await proxyFetch(get('https://api.test/'), allowed, controller.signal, fetchSpy);
    expect(result).toEqual({ ok: false, message: 'fetch to https://api.test aborted: the call was stopped' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a body only with methods that may carry one, and asks for no cache in CORS mode', async () => {
    const sent = async (method: string) => {
      const fetchSpy = ok(new Response(''));
      await proxyFetch({ url: 'https://api.test/', method, headers: [], body: 'payload' }, allowed, new AbortController().signal, fetchSpy);
      return fetchSpy.mock.calls[0]?.[1];
    };
    expect((await sent('GET'))?.body).toBeUndefined();
    expect((await sent('HEAD'))?.body).toBeUndefined();
    expect(await sent('PUT')).toMatchObject({ body: 'payload', cache: 'no-store', mode: 'cors', method: 'PUT' });
  });

  it('counts 300 to 399 and an opaque redirect as redirects, and 299 and 400 as answers', async () => {
    const outcome = async (response: Response) =>
      (await proxyFetch(get('https://api.test/'), allowed, new AbortController().signal, ok(response))).ok;
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response;
    const redirected = await proxyFetch(get('https://api.test/'), allowed, new AbortController().signal, ok(opaque));
    expect(redirected).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^fetch to https:\/\/api\.test answered with a redirect/),
    });
    expect(await outcome(new Response(null, { status: 300 }))).toBe(false);
    expect(await outcome(new Response(null, { status: 399 }))).toBe(false);
    expect(await outcome(new Response(null, { status: 299 }))).toBe(true);
    const notFound = await proxyFetch(
      get('https://api.test/'),
      allowed,
      new AbortController().signal,
      ok(new Response('gone', { status: 400 })),
    );
    expect(notFound).toMatchObject({ ok: true, response: { status: 400, body: 'gone' } });
  });

  it('refuses a status outside 200 to 599 by name, and keeps 599', async () => {
    const fake = (status: number) => ({ type: 'basic', status, statusText: '', headers: new Headers(), body: null }) as unknown as Response;
    const result = (status: number) => proxyFetch(get('https://api.test/'), allowed, new AbortController().signal, ok(fake(status)));
    expect(await result(0)).toEqual({ ok: false, message: 'fetch to https://api.test failed: unexpected status 0' });
    expect(await result(600)).toEqual({ ok: false, message: 'fetch to https://api.test failed: unexpected status 600' });
    expect(await result(199)).toMatchObject({ ok: false, message: expect.stringMatching(/unexpected status 199$/) });
    expect(await result(599)).toMatchObject({ ok: true, response: { status: 599, body: '' } });
  });

  it('reads a response without a body as empty text', async () => {
    const result = await proxyFetch(
      get('https://api.test/'),
      allowed,
      new AbortController().signal,
      ok(new Response(null, { status: 204 })),
    );
    expect(result).toMatchObject({ ok: true, response: { status: 204, body: '' } });
  });

  it('passes on at most 100 headers', async () => {
    const headers = new Headers();
    for (let index = 0; index < 150; index++) headers.set(`x-header-${String(index).padStart(3, '0')}`, String(index));
    const result = await proxyFetch(get('https://api.test/'), allowed, new AbortController().signal, ok(new Response(null, { headers })));
    expect(result.ok && result.response.headers).toHaveLength(100);
    expect(result.ok && result.response.headers[99]).toEqual(['x-header-099', '99']);
  });

  it('keeps a body of exactly the limit', async () => {
    const body = new Uint8Array(maxResponseBodyBytes).fill(97);
    const result = await proxyFetch(get('https://api.test/'), allowed, new AbortController().signal, ok(new Response(body)));
    expect(result.ok && result.response.body.length).toBe(maxResponseBodyBytes);
  });

  it('decodes a character split across two chunks', async () => {
    const euro = new TextEncoder().encode('price: €');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(euro.slice(0, -1));
        controller.enqueue(euro.slice(-1));
        controller.close();
      },
    });
    const result = await proxyFetch(get('https://api.test/'), allowed, new AbortController().signal, ok(new Response(stream)));
    expect(result).toMatchObject({ ok: true, response: { body: 'price: €' } });
  });

  it('stops reading the body when the call is stopped between two chunks, and cancels the download', async () => {
    const controller = new AbortController();
    let cancelled = false;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(streamController) {
        pulled++;
        streamController.enqueue(new Uint8Array(1024));
        // The call is stopped while its first chunk is on the way.
        if (pulled === 1) controller.abort();
      },
      cancel() {
        cancelled = true;
      },
    });
    const result = await proxyFetch(get('https://api.test/'), allowed, controller.signal, ok(new Response(stream)));
    expect(result).toEqual({ ok: false, message: 'fetch to https://api.test aborted: the call was stopped' });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(5);
  });
});
