// Turns a non-2xx provider response into a ProviderError whose message says what to do next.
import { ProviderError } from './provider-error.ts';

export interface ErrorContext {
  /** Display name of who answered. */
  provider: string;
  secrets: readonly string[];
  /** Epoch ms, for Retry-After given as an HTTP date. */
  now?: number;
}

/** The wait a 429 or 5xx asks for: `retry-after-ms` (OpenAI) or `retry-after` in seconds or as an HTTP date. */
export function retryAfterFromHeaders(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && milliseconds.trim() !== '' && Number.isFinite(Number(milliseconds))) {
    return Math.max(0, Number(milliseconds));
  }
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The provider's own explanation, from the error shapes OpenAI, Anthropic, Ollama and friends use. */
export function providerMessage(bodyText: string): { message?: string; code?: string } {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    const text = bodyText.trim();
    return text === '' ? {} : { message: truncate(text) };
  }
  if (body === null || typeof body !== 'object') return {};
  const record = body as { error?: unknown; message?: unknown };
  if (typeof record.error === 'string') return { message: truncate(record.error) };
  if (record.error !== null && typeof record.error === 'object') {
    const error = record.error as { message?: unknown; code?: unknown; type?: unknown };
    const code = typeof error.code === 'string' ? error.code : typeof error.type === 'string' ? error.type : undefined;
    return { message: typeof error.message === 'string' ? truncate(error.message) : undefined, code };
  }
  return typeof record.message === 'string' ? { message: truncate(record.message) } : {};
}

function truncate(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function seconds(milliseconds: number): string {
  return `${Math.ceil(milliseconds / 1000)} s`;
}

export function httpError(status: number, headers: Headers, bodyText: string, context: ErrorContext): ProviderError {
  const { provider, secrets } = context;
  const { message: detail, code } = providerMessage(bodyText);
  const said = detail ? ` ${provider} said: "${detail}"` : '';
  const base = { provider, status, secrets };
  if (status === 401) {
    return new ProviderError({
      ...base,
      kind: 'auth',
      message: `${provider} rejected the API key (401 Unauthorized). Check the key in the model settings: it may be mistyped, revoked or meant for another provider.`,
    });
  }
  if (status === 403) {
    return new ProviderError({
      ...base,
      kind: 'auth',
      message: `${provider} refused access (403 Forbidden). Check that the key may use this model and that the account is active.${said}`,
    });
  }
  if (status === 429) {
    const retryAfterMs = retryAfterFromHeaders(headers, context.now);
    const quota = code === 'insufficient_quota' ? ' The account is out of credit or quota: check billing before retrying.' : '';
    const when =
      retryAfterMs === undefined
        ? 'Wait a moment before trying again.'
        : `Retry after ${seconds(retryAfterMs)} (the server's retry-after).`;
    return new ProviderError({
      ...base,
      kind: 'rate_limit',
      retryAfterMs,
      message: `${provider} is rate limiting this key (429 Too Many Requests). ${when}${quota}${said}`,
    });
  }
  if (status >= 500) {
    const retryAfterMs = retryAfterFromHeaders(headers, context.now);
    const overloaded = status === 529 || status === 503 || code === 'overloaded_error';
    const what = overloaded ? `${provider} is overloaded (${status})` : `${provider} had a server error (${status})`;
    return new ProviderError({
      ...base,
      kind: 'server',
      retryAfterMs,
      message: `${what}. This is on the provider's side: try again in a moment.${said}`,
    });
  }
  if (status === 404) {
    return new ProviderError({
      ...base,
      kind: 'bad_request',
      message: `${provider} answered 404 Not Found. Check the model name and the base URL (OpenAI-compatible servers usually end in /v1).${said}`,
    });
  }
  return new ProviderError({ ...base, kind: 'bad_request', message: `${provider} rejected the request (${status}).${said}` });
}
