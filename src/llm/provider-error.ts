// Every way a model call can fail, as one error type with an actionable message. Messages are built
// from our own words plus the provider's explanation, and every one goes through `redactSecrets`: a key
// must never reach a log line, an error toast or an export.

export type ProviderErrorKind = 'auth' | 'rate_limit' | 'network' | 'server' | 'bad_request' | 'cut_off' | 'invalid_response';

export interface ProviderErrorOptions {
  kind: ProviderErrorKind;
  message: string;
  /** Who answered, for the message and the timeline: `OpenAI`, `Anthropic`, `Ollama`... */
  provider: string;
  status?: number;
  retryAfterMs?: number;
  /** Secrets to scrub from the message (the API key in use). */
  secrets?: readonly string[];
}

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly provider: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(options: ProviderErrorOptions) {
    super(redactSecrets(options.message, options.secrets ?? []));
    this.name = 'ProviderError';
    this.kind = options.kind;
    this.provider = options.provider;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** Worth trying again later without changing anything. */
  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'server' || this.kind === 'network';
  }
}

export function isProviderError(value: unknown): value is ProviderError {
  return value instanceof ProviderError;
}

// Provider error texts echo key prefixes ("Incorrect API key provided: sk-ab***yz"); anything shaped
// like a key is masked even when it is not the key we know about.
const keyShapes = [/\bsk-[A-Za-z0-9_*.-]{3,}/g, /\bsk-ant-[A-Za-z0-9_*.-]{3,}/g, /\bBearer\s+[A-Za-z0-9_*.~+/=-]{8,}/gi];

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    // Short strings would mask ordinary words; a real key is long.
    if (secret.length >= 8) result = result.split(secret).join('[redacted key]');
  }
  for (const shape of keyShapes) result = result.replace(shape, '[redacted key]');
  return result;
}

/** The endpoint as it may be shown: no user info, no query string (where a careless URL might carry a key). */
export function describeEndpoint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured base URL';
  }
}
