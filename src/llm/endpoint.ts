// Where a provider request goes and how to talk about it in errors: shared by the HTTP helpers and the
// readers of what comes back, so neither has to import the other.
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface Endpoint {
  /** Display name of who answers. */
  provider: string;
  url: string;
  headers: Record<string, string>;
  /** Scrubbed from every message (the key in use). */
  secrets: readonly string[];
  /** What to check when the request never got an answer (CORS, server not running...). */
  networkHint: string;
  fetch?: FetchFunction;
}
