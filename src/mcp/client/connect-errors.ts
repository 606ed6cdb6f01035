// A failed connect, in words that say what to do. Browsers hide why a fetch failed (a refused port and a
// CORS refusal both surface as "Failed to fetch"), so a no-cors probe tells them apart: an opaque answer
// means the server is there and only the browser's CORS check refused the page.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../../core/index.ts';
import type { ResponseFacts } from './tracked-fetch.ts';

/** A connect that failed, with the words the person reads. */
export class McpConnectError extends Error {
  override readonly name = 'McpConnectError';
}

export interface ConnectFacts {
  url: string;
  /** The page's origin, named in the CORS advice. */
  origin: string;
  /** The last HTTP response seen while connecting, if any arrived. */
  lastResponse: ResponseFacts | undefined;
  /** Resolves true when the server answers a no-cors request (so it is reachable). */
  probe(): Promise<boolean>;
  timedOutAfterMs?: number;
}

/** Network failures as the browser and Node report them. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed|ECONNREFUSED/i.test(error.message);
}

export async function describeConnectError(error: unknown, facts: ConnectFacts): Promise<string> {
  const { url, lastResponse } = facts;
  const message = messageOf(error);
  if (facts.timedOutAfterMs !== undefined)
    return `${url} did not answer the MCP handshake (initialize) within ${facts.timedOutAfterMs / 1000} s. Is it an MCP endpoint?`;
  const version = /protocol version is not supported: (.+)$/.exec(message)?.[1];
  if (version)
    return `The server speaks MCP protocol version ${version}, which this client does not support (it supports ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}). Update the server or use one that speaks a newer version.`;
  if (lastResponse && /text\/html/i.test(lastResponse.contentType ?? ''))
    return `${url} answered with an HTML page (HTTP ${lastResponse.status}), not MCP. Check that the URL is the server's MCP endpoint (often ending in /mcp).`;
  if (lastResponse?.status === 401 || lastResponse?.status === 403)
    return `${url} refused the connection (HTTP ${lastResponse.status}): it needs credentials. Add a bearer token or the header it expects.`;
  if (lastResponse && (lastResponse.status === 404 || lastResponse.status === 405))
    return `${url} answered HTTP ${lastResponse.status} to both Streamable HTTP and the older HTTP+SSE transport. Check the URL: it should be the server's MCP endpoint.`;
  if (lastResponse && lastResponse.status >= 400) return `${url} answered HTTP ${lastResponse.status} to the MCP handshake: ${message}`;
  if (!lastResponse && isNetworkFailure(error)) {
    const reachable = await facts.probe().catch(() => false);
    return reachable
      ? `The server at ${url} answered, but the browser blocked the answer (CORS): the server does not allow this page's origin (${facts.origin}). ` +
          'It must send Access-Control-Allow-Origin for it, allow the headers Content-Type, Accept, Authorization, Mcp-Session-Id and Mcp-Protocol-Version, expose Mcp-Session-Id, and answer OPTIONS. ' +
          `Or bridge it: run \`npm run mcp-bridge -- ${url}\` in a Toolscope checkout and connect to the URL it prints. See README, "MCP servers".`
      : `Could not reach ${url}: nothing answered. Is the server running, and is the address right?`;
  }
  return `Could not connect to ${url}: ${message}`;
}
