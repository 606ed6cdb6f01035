// `npm run serve:http`: the MCP server over Streamable HTTP on 127.0.0.1 (PORT, default 3000), at /mcp.
// One session per client; every stream opens with a priming event (an id and `retry`), so a client that
// loses a stream resumes it with Last-Event-ID (SSE polling, SEP-1699). Only the loopback host names are
// answered: a web page whose DNS name was rebound to 127.0.0.1 gets nothing (HTTP 421).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { BoundedEventStore } from './event-store.ts';
import { createExecutor } from './executor.ts';
import { createMcpServer } from './mcp-server.ts';

const retryMs = 1000;
const executor = createExecutor();
const sessions = new Map<string, StreamableHTTPServerTransport>();

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

const jsonError = (response: ServerResponse, status: number, code: number, message: string) =>
  void response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));

async function handle(request: IncomingMessage, response: ServerResponse, port: number): Promise<void> {
  if (![`127.0.0.1:${port}`, `localhost:${port}`].includes(request.headers.host ?? ''))
    return void response.writeHead(421, { 'content-type': 'text/plain' }).end('This server answers on 127.0.0.1 and localhost only.\n');
  if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp')
    return void response.writeHead(404, { 'content-type': 'text/plain' }).end('The MCP endpoint is /mcp\n');
  const body = request.method === 'POST' ? await readJson(request) : undefined;
  const sessionId = request.headers['mcp-session-id'];
  let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
  if (!transport) {
    if (sessionId) return jsonError(response, 404, -32001, 'Session not found');
    if (request.method !== 'POST' || !isInitializeRequest(body)) return jsonError(response, 400, -32000, 'Initialize first');
    const created = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      eventStore: new BoundedEventStore(),
      retryInterval: retryMs,
      onsessioninitialized: (id) => void sessions.set(id, created),
    });
    created.onclose = () => void (created.sessionId && sessions.delete(created.sessionId));
    await createMcpServer(executor).connect(created);
    transport = created;
  }
  await transport.handleRequest(request, response, body);
}

const server = createServer((request, response) => {
  const { port } = server.address() as AddressInfo;
  handle(request, response, port).catch((error: unknown) => {
    if (!response.headersSent) jsonError(response, error instanceof SyntaxError ? 400 : 500, -32603, String(error));
    else response.end();
  });
});
server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.error(`MCP server ready on http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
});
