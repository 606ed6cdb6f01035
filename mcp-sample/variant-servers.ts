// Servers that are wrong on purpose, so the app's error messages can be seen (and tested): one that
// speaks an old protocol version, one that lists a tool whose inputSchema is not valid JSON Schema; and
// the sample tools over the older HTTP+SSE transport, which a client reaches by falling back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** Answers `initialize` with a protocol version no current client supports. */
export function answerWithOldProtocol(request: IncomingMessage, response: ServerResponse, body: unknown): void {
  const message = body as { id?: unknown; method?: unknown } | undefined;
  if (request.method !== 'POST' || message?.method !== 'initialize') {
    response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'initialize first' }));
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      jsonrpc: '2.0',
      id: message.id,
      result: { protocolVersion: '2023-01-01', capabilities: { tools: {} }, serverInfo: { name: 'old-sample', version: '0.1.0' } },
    }),
  );
}

/** One good tool and one whose inputSchema has a type JSON Schema does not know. */
export function createBadSchemaServer(): Server {
  const server = new Server({ name: 'bad-schema-sample', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      {
        name: 'good_echo',
        description: 'Echoes its text.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
      {
        name: 'broken_schema',
        description: 'Its inputSchema is not valid JSON Schema.',
        inputSchema: { type: 'object', properties: { count: { type: 'integer-ish', minimum: 'zero' } } },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: JSON.stringify(request.params.arguments ?? {}) }],
  }));
  return server;
}

export const htmlPage = `<!doctype html>
<html><head><title>Not an MCP server</title></head>
<body><h1>Welcome</h1><p>This page is what a web server answers where an MCP endpoint was expected.</p></body></html>`;

/**
 * The HTTP+SSE transport of MCP before Streamable HTTP (protocol 2024-11-05): a GET opens the event
 * stream, which names the URL to POST messages to. Its endpoint answers a POST with 405, which is how a
 * client learns to fall back to it.
 */
export class LegacySseEndpoint {
  private readonly transports = new Map<string, SSEServerTransport>();

  constructor(
    private readonly messagesPath: string,
    private readonly create: () => { connect(transport: SSEServerTransport): Promise<void> },
  ) {}

  async openStream(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    const transport = new SSEServerTransport(this.messagesPath, response);
    this.transports.set(transport.sessionId, transport);
    response.on('close', () => this.transports.delete(transport.sessionId));
    await this.create().connect(transport);
  }

  async receive(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    const sessionId = new URL(request.url ?? '/', 'http://localhost').searchParams.get('sessionId') ?? '';
    const transport = this.transports.get(sessionId);
    if (!transport) {
      response.writeHead(404).end('Unknown session');
      return;
    }
    await transport.handlePostMessage(request, response, body);
  }
}
