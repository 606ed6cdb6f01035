// An HTTP MCP server that sends no CORS headers, reached through the bridge: every request is passed on
// as it came (method, MCP headers, body) and the answer streamed back as it arrives; the bridge adds the
// CORS headers the browser needs. Nothing is parsed: the session, streams and resumption are the server's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** Request headers a browser sends that the server must not see as the bridge's (its own host, the page's origin). */
const dropped = new Set(['host', 'origin', 'referer', 'connection', 'content-length', 'authorization-bridge']);

export async function proxyTo(target: URL, request: IncomingMessage, response: ServerResponse, body: Buffer): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (!dropped.has(name) && typeof value === 'string' && !name.startsWith('sec-') && !name.startsWith('access-control-'))
      headers.set(name, value);
  const controller = new AbortController();
  response.on('close', () => controller.abort());
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method ?? 'GET',
      headers,
      ...(request.method === 'POST' ? { body: new Uint8Array(body) } : {}),
      signal: controller.signal,
    });
  } catch (error) {
    if (!response.headersSent)
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`The bridge could not reach ${target.href}: ${String(error)}\n`);
    return;
  }
  const passed: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) passed[name] = value;
  });
  response.writeHead(upstream.status, passed);
  if (!upstream.body) return void response.end();
  Readable.fromWeb(upstream.body as NodeReadableStream)
    .on('error', () => response.destroy())
    .pipe(response);
}
