// A server that says when to come back knows better than our backoff curve, within reason: values
// outside 0..60 s are ignored (a day-long Retry-After is not something an interactive agent should honour).

export const maxRetryAfterMs = 60_000;

type HeaderSource = { get(name: string): string | null | undefined } | Record<string, unknown>;

/** The delay the error asks for, in ms, if it asks for one within range. `now` is epoch ms, for HTTP dates. */
export function retryAfterFrom(thrown: unknown, now: number): number | undefined {
  if (thrown === null || typeof thrown !== 'object') return undefined;
  const fields = thrown as { retryAfterMs?: unknown; headers?: unknown };
  if (typeof fields.retryAfterMs === 'number') return inRange(fields.retryAfterMs);
  if (fields.headers === null || typeof fields.headers !== 'object') return undefined;
  const headers = fields.headers as HeaderSource;
  const milliseconds = header(headers, 'retry-after-ms');
  if (milliseconds !== undefined) {
    const value = Number(milliseconds);
    if (milliseconds.trim() !== '' && Number.isFinite(value)) return inRange(value);
  }
  const retryAfter = header(headers, 'retry-after');
  return retryAfter === undefined ? undefined : parseRetryAfter(retryAfter, now);
}

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  // Stryker disable next-line ConditionalExpression,StringLiteral: '' matches no number and Date.parse('') is NaN, so it answers undefined anyway; this only says so first.
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return inRange(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : inRange(date - now);
}

function inRange(milliseconds: number): number | undefined {
  return Number.isFinite(milliseconds) && milliseconds >= 0 && milliseconds <= maxRetryAfterMs ? milliseconds : undefined;
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    const value = (headers as { get(name: string): string | null | undefined }).get(name);
    return typeof value === 'string' ? value : undefined;
  }
  // A plain record, as many SDK errors carry: header names are case-insensitive.
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}
