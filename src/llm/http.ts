// The one place adapters talk to the network. It maps fetch's failures to ProviderErrors and leaves an
// abort as an abort (the caller asked for it; it is not the provider's fault).
import type { Endpoint } from './endpoint.ts';
import { httpError } from './http-error.ts';
import { describeEndpoint, ProviderError } from './provider-error.ts';
import { isWebPage, webPageError } from './body-form.ts';

export type { Endpoint, FetchFunction } from './endpoint.ts';

export function abortReasonOf(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export async function postJson(endpoint: Endpoint, body: unknown, signal?: AbortSignal): Promise<Response> {
  const fetchFunction = endpoint.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await fetchFunction(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...endpoint.headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw abortReasonOf(signal);
    // Browsers report CORS refusals, DNS failures and refused connections all as a bare TypeError.
    const cause = error instanceof Error && error.message ? ` (${error.message})` : '';
    throw new ProviderError({
      kind: 'network',
      provider: endpoint.provider,
      secrets: endpoint.secrets,
      message: `Could not reach ${endpoint.provider} at ${describeEndpoint(endpoint.url)}${cause}. ${endpoint.networkHint}`,
    });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    // A page (not an API error body) below 500 means the URL reaches a web server, not the model API.
    // At 500 and above it is usually a proxy's error page: the status says enough, the HTML would not.
    const page = isWebPage(response.headers.get('content-type'), text);
    if (page && response.status < 500) throw webPageError(endpoint, response.status);
    throw httpError(response.status, response.headers, page ? '' : text, { provider: endpoint.provider, secrets: endpoint.secrets });
  }
  return response;
}

export function connectionLost(endpoint: Endpoint, error: unknown): ProviderError {
  const cause = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new ProviderError({
    kind: 'network',
    provider: endpoint.provider,
    secrets: endpoint.secrets,
    message: `The connection to ${endpoint.provider} broke off mid-response${cause}. Try again.`,
  });
}

export function invalidResponse(endpoint: Endpoint, what: string): ProviderError {
  return new ProviderError({
    kind: 'invalid_response',
    provider: endpoint.provider,
    secrets: endpoint.secrets,
    message: `${endpoint.provider} sent a response Toolscope cannot read: ${what}.`,
  });
}
