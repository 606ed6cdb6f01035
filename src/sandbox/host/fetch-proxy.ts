import { checkFetchAllowed } from '../fetch-allowlist.ts';
import type { FetchRequestData, FetchResponseData } from '../protocol/worker-messages.ts';
import { messageOf, type Result } from '../../core/index.ts';

// The host half of ctx.fetch. The sandbox itself has no network; this is the one way out, and it
// only goes to origins the user allowed. The request carries no cookies or referrer of the app, does
// not follow redirects (a redirect could lead outside the allowlist), and is aborted with the call.

export type ProxiedFetchResult = Result<{ response: FetchResponseData }>;

export const maxResponseBodyBytes = 1_000_000;
const maxResponseHeaders = 100;

export async function proxyFetch(
  request: FetchRequestData,
  allowlist: readonly string[],
  signal: AbortSignal,
  fetchImplementation: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ProxiedFetchResult> {
  const decision = checkFetchAllowed(request.url, allowlist);
  if (!decision.allowed) return { ok: false, message: decision.message };
  const origin = decision.url.origin;
  if (signal.aborted) return { ok: false, message: `fetch to ${origin} aborted: the call was stopped` };
  try {
    const response = await fetchImplementation(decision.url.href, {
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      signal,
      credentials: 'omit',
      redirect: 'manual',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      mode: 'cors',
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      return {
        ok: false,
        message: `fetch to ${origin} answered with a redirect, which the sandbox does not follow: fetch the final URL directly (its origin must be in the allowlist too)`,
      };
    }
    if (response.status < 200 || response.status > 599)
      return { ok: false, message: `fetch to ${origin} failed: unexpected status ${response.status}` };
    const body = await readBoundedText(response, signal);
    if (body === undefined)
      return { ok: false, message: `fetch to ${origin} failed: the response body is larger than ${maxResponseBodyBytes} bytes` };
    return {
      ok: true,
      response: {
        url: decision.url.href,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()].slice(0, maxResponseHeaders),
        body,
      },
    };
  } catch (error) {
    if (signal.aborted) return { ok: false, message: `fetch to ${origin} aborted: the call was stopped` };
    const detail = messageOf(error);
    return {
      ok: false,
      message: `fetch to ${origin} failed: ${detail} (offline, or the server does not allow cross-origin requests from this page)`,
    };
  }
}

/** The body as text, or undefined once it passes the limit (the rest is never downloaded). */
async function readBoundedText(response: Response, signal: AbortSignal): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    if (signal.aborted) {
      await reader.cancel().catch(() => undefined);
      throw signal.reason;
    }
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    received += value.byteLength;
    if (received > maxResponseBodyBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
