import type { ThrownError } from '../protocol/worker-messages.ts';

// Inside the worker: keeps what the host needs of anything user code threw. Error objects cannot be
// posted with their class, so the fields the core's retry classification reads (retryable, status,
// retryAfterMs, issues) are copied explicitly. Every read is guarded: a thrown value can be a Proxy.

const maxMessageLength = 20_000;

export function toThrownError(thrown: unknown): ThrownError {
  if (thrown === null || (typeof thrown !== 'object' && typeof thrown !== 'function')) {
    return { name: 'Error', message: clip(primitiveText(thrown)) };
  }
  const name = readString(thrown, 'name') ?? 'Error';
  const message = readString(thrown, 'message') ?? primitiveText(thrown);
  const error: ThrownError = { name: clip(name, 200), message: clip(message) };
  const stack = readString(thrown, 'stack');
  if (stack !== undefined) error.stack = clip(stack);
  const retryable = read(thrown, 'retryable');
  if (typeof retryable === 'boolean') error.retryable = retryable;
  const retryAfterMs = read(thrown, 'retryAfterMs');
  if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) error.retryAfterMs = retryAfterMs;
  const status = read(thrown, 'status') ?? read(thrown, 'statusCode');
  if (typeof status === 'number' && Number.isInteger(status)) error.status = status;
  const issues = readIssues(read(thrown, 'issues'));
  if (issues) error.issues = issues;
  return error;
}

function readIssues(value: unknown): ThrownError['issues'] {
  if (!Array.isArray(value)) return undefined;
  const issues: NonNullable<ThrownError['issues']> = [];
  for (const issue of value.slice(0, 1_000)) {
    const path = read(issue, 'path');
    const message = read(issue, 'message');
    if (typeof message !== 'string') continue;
    issues.push({
      path: clip(Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '', 2_000),
      message: clip(message, 2_000),
    });
  }
  return issues;
}

function read(target: unknown, key: string): unknown {
  if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return undefined;
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function readString(target: unknown, key: string): string | undefined {
  const value = read(target, key);
  return typeof value === 'string' ? value : undefined;
}

function primitiveText(value: unknown): string {
  try {
    if (typeof value === 'string') return value;
    const json = JSON.stringify(value);
    return json === undefined ? String(value) : json;
  } catch {
    try {
      return String(value);
    } catch {
      return 'a value that cannot be printed';
    }
  }
}

function clip(text: string, limit = maxMessageLength): string {
  return text.length > limit ? `${text.slice(0, limit)}… [truncated]` : text;
}
