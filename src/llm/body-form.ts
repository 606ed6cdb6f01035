// What a response body is, from its Content-Type or, when that says nothing we know, its first
// character. Shared by the success path (response-body.ts) and the error path (http.ts).
import type { Endpoint } from './endpoint.ts';
import { describeEndpoint, ProviderError } from './provider-error.ts';

export type BodyForm = 'event-stream' | 'json' | 'web-page';

/** The form a Content-Type names, or undefined when it names none we know (absent, text/plain...). */
export function formOfContentType(contentType: string | null): BodyForm | undefined {
  // Stryker disable next-line OptionalChaining,StringLiteral: split() always returns a first element, and any text that is no known type reads as none, as '' does.
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return 'event-stream';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'web-page';
  return undefined;
}

/** The form the first non-blank character suggests: `{`/`[` JSON, `<` a page, anything else SSE fields. */
export function formOfFirstCharacter(character: string): BodyForm {
  if (character === '{' || character === '[') return 'json';
  if (character === '<') return 'web-page';
  return 'event-stream';
}

export function webPageError(endpoint: Endpoint, status?: number): ProviderError {
  const code = status === undefined || status === 200 ? '' : ` (${status})`;
  return new ProviderError({
    kind: 'bad_request',
    provider: endpoint.provider,
    status,
    secrets: endpoint.secrets,
    message: `${endpoint.provider} answered with a web page${code}, not the model API: check the base URL (the request went to ${describeEndpoint(endpoint.url)}).`,
  });
}

/** An HTML page where an API answer (or API error body) was expected. */
export function isWebPage(contentType: string | null, text: string): boolean {
  const form = formOfContentType(contentType);
  return form === undefined ? formOfFirstCharacter(text.trimStart().charAt(0)) === 'web-page' : form === 'web-page';
}
