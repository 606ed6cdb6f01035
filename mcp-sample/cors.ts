// CORS for a browser app on another origin. The SDK's transport sets none of these, and without them a
// page cannot read the answers, see the session id or send the MCP headers at all.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Loopback origins on any port: the app in `vite dev`, `vite preview` or an e2e run. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

export function originAllowed(origin: string, extraOrigins: readonly string[]): boolean {
  return isLoopbackOrigin(origin) || extraOrigins.includes(origin);
}

/** The headers the MCP transport needs the page to send and to read. */
const allowedHeaders = ['content-type', 'accept', 'authorization', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'];
const exposedHeaders = ['mcp-session-id', 'mcp-protocol-version', 'www-authenticate', 'retry-after'];

/** Sets the CORS headers for an allowed origin; true when the request was a preflight (answered here). */
export function applyCors(request: IncomingMessage, response: ServerResponse, extraOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  response.setHeader('vary', 'Origin');
  if (origin && originAllowed(origin, extraOrigins)) {
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-expose-headers', exposedHeaders.join(', '));
  }
  if (request.method !== 'OPTIONS') return false;
  if (origin && originAllowed(origin, extraOrigins)) {
    // Custom headers a user adds in the app (an API key header) are allowed as asked.
    const requested = String(request.headers['access-control-request-headers'] ?? '');
    response.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
    response.setHeader('access-control-allow-headers', [...allowedHeaders, requested].filter(Boolean).join(', '));
    response.setHeader('access-control-max-age', '600');
  }
  response.writeHead(204).end();
  return true;
}
