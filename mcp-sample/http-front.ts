// The sample server over Streamable HTTP on loopback: one MCP session (and one McpServer) per client,
// CORS for the app's origin, a test endpoint with what the server saw, and the wrong servers under
// their own paths. Node's http module only, so the sample shows all the MCP server needs.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { applyCors } from './cors.ts';
import { BoundedEventStore } from '../src/tool-export/project/template/src/event-store.ts';
import { SampleRecorder } from './recorder.ts';
import { createSampleServer } from './sample-tools.ts';
import { createHostileServer } from './hostile-server.ts';
import { answerWithOldProtocol, createBadSchemaServer, htmlPage, LegacySseEndpoint } from './variant-servers.ts';

export interface SampleServerOptions {
  port: number;
  /** Origins allowed besides loopback ones. */
  extraOrigins?: readonly string[];
  print?: (line: string) => void;
}

export interface RunningSampleServer {
  /** The main endpoint, e.g. http://127.0.0.1:4310/mcp */
  url: string;
  recorder: SampleRecorder;
  close(): Promise<void>;
}

interface JsonRpcMessage {
  id?: string | number;
  method?: string;
  params?: { name?: string; arguments?: { id?: unknown }; requestId?: string | number; reason?: string };
}

/** How long a client waits before it resumes a closed stream (SSE `retry`). */
const resumeRetryMs = 500;

/** Transient failures the front answers before the MCP server sees the call: tool -> failures per id. */
const transientFailures: Record<string, number> = { flaky_lookup: 2, delete_record: 1 };

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
}

class SessionEndpoint {
  private readonly sessions = new Map<string, StreamableHTTPServerTransport>();
  private readonly eventStores = new Map<string, BoundedEventStore>();

  constructor(
    private readonly create: () => McpServer | Server,
    private readonly observe?: (transport: StreamableHTTPServerTransport) => void,
  ) {}

  transportOf(sessionId: string | undefined): StreamableHTTPServerTransport | undefined {
    return sessionId ? this.sessions.get(sessionId) : undefined;
  }

  eventStoreOf(sessionId: string | undefined): BoundedEventStore | undefined {
    return sessionId ? this.eventStores.get(sessionId) : undefined;
  }

  async handle(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    const sessionId = request.headers['mcp-session-id'];
    let transport = this.transportOf(typeof sessionId === 'string' ? sessionId : undefined);
    if (!transport) {
      if (sessionId) return sendJson(response, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
      if (request.method !== 'POST' || !isInitializeRequest(body))
        return sendJson(response, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Initialize first' }, id: null });
      const eventStore = new BoundedEventStore();
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        // A priming event (an id and `retry`) opens every stream, so a client that loses one resumes it.
        eventStore,
        retryInterval: resumeRetryMs,
        onsessioninitialized: (id) => {
          this.sessions.set(id, created);
          this.eventStores.set(id, eventStore);
        },
      });
      created.onclose = () => {
        if (created.sessionId) this.sessions.delete(created.sessionId);
        if (created.sessionId) this.eventStores.delete(created.sessionId);
      };
      await this.create().connect(created);
      this.observe?.(created);
      transport = created;
    }
    await transport.handleRequest(request, response, body);
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((transport) => transport.close()));
  }
}

export async function startSampleServer(options: SampleServerOptions): Promise<RunningSampleServer> {
  const print = options.print ?? (() => {});
  const extraOrigins = options.extraOrigins ?? [];
  const recorder = new SampleRecorder(print);
  const failuresSeen = new Map<string, number>();
  // The responses of calls to drop_connection, so the tool can drop its own connection.
  const openCalls = new Map<string, ServerResponse>();
  const callKey = (sessionId: string | undefined, requestId: string | number) => `${sessionId ?? ''}:${String(requestId)}`;
  const main = new SessionEndpoint(() =>
    createSampleServer({
      recorder,
      // The server loses the call with the connection: its stream cannot be resumed either.
      dropConnection: (sessionId, requestId) => {
        main.eventStoreOf(sessionId)?.forgetRequest(requestId);
        openCalls.get(callKey(sessionId, requestId))?.socket?.destroy();
      },
    }),
  );
  const badSchema = new SessionEndpoint(createBadSchemaServer);
  // The hostile server's images point at /exfil: what reaches it is data that left the page.
  const exfiltrated: string[] = [];
  let hostile: SessionEndpoint | undefined;
  const legacy = new LegacySseEndpoint('/legacy/messages', () => createSampleServer({ recorder, dropConnection: () => {} }));

  async function serveMain(request: IncomingMessage, response: ServerResponse, body: unknown, endCancelledStreams: boolean): Promise<void> {
    const message = (Array.isArray(body) ? undefined : body) as JsonRpcMessage | undefined;
    const sessionId = typeof request.headers['mcp-session-id'] === 'string' ? request.headers['mcp-session-id'] : undefined;
    if (message?.method === 'tools/call' && message.id !== undefined) {
      const tool = String(message.params?.name);
      const key = `${tool}:${JSON.stringify(message.params?.arguments?.id ?? null)}`;
      const seen = failuresSeen.get(key) ?? 0;
      if (seen < (transientFailures[tool] ?? 0)) {
        failuresSeen.set(key, seen + 1);
        recorder.refusal(tool, message.id);
        return sendJson(response, 503, { error: 'The sample server is busy (a transient failure): try again.' });
      }
      recorder.call({ session: sessionId ?? '', requestId: message.id, tool, arguments: message.params?.arguments ?? {} });
      if (tool === 'drop_connection') {
        const key = callKey(sessionId, message.id);
        openCalls.set(key, response);
        response.on('close', () => openCalls.delete(key));
      }
    }
    if (message?.method === 'notifications/cancelled' && message.params?.requestId !== undefined)
      recorder.cancellation({ session: sessionId ?? '', requestId: message.params.requestId, reason: message.params.reason ?? null });
    await main.handle(request, response, body);
    // The SDK never answers a cancelled request, and a browser keeps its response open: six of those
    // and every later call to this origin waits for a free connection. Ending the stream frees it.
    if (endCancelledStreams && message?.method === 'notifications/cancelled' && message.params?.requestId !== undefined)
      main.transportOf(sessionId)?.closeSSEStream(message.params.requestId);
  }

  const server: HttpServer = createServer((request, response) => {
    void (async () => {
      // Only loopback names: a page on another site that rebinds its DNS to 127.0.0.1 gets nothing.
      const { port } = server.address() as AddressInfo;
      if (![`127.0.0.1:${port}`, `localhost:${port}`].includes(request.headers.host ?? ''))
        return void response
          .writeHead(421, { 'content-type': 'text/plain' })
          .end('This sample server answers on 127.0.0.1 and localhost only.\n');
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const withCors = path !== '/no-cors/mcp';
      if (withCors && applyCors(request, response, extraOrigins)) return;
      const body = request.method === 'POST' ? await readJson(request) : undefined;
      switch (path) {
        case '/mcp':
        case '/no-cors/mcp':
          return serveMain(request, response, body, true);
        // As the SDK alone behaves: a cancelled request's stream stays open (the client must end it).
        case '/keep-open/mcp':
          return serveMain(request, response, body, false);
        case '/bad-schema/mcp':
          return badSchema.handle(request, response, body);
        case '/hostile/mcp': {
          const { port } = server.address() as AddressInfo;
          hostile ??= new SessionEndpoint(() => createHostileServer(`http://127.0.0.1:${port}/exfil`));
          return hostile.handle(request, response, body);
        }
        case '/exfil':
          exfiltrated.push(request.url ?? '');
          return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
        case '/test/exfiltrated':
          return sendJson(response, 200, exfiltrated);
        case '/legacy/sse':
          return legacy.openStream(request, response);
        case '/legacy/messages':
          return legacy.receive(request, response, body);
        case '/old-protocol/mcp':
          return answerWithOldProtocol(request, response, body);
        case '/html':
          return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(htmlPage);
        case '/test/events':
          return sendJson(response, 200, recorder.snapshot());
        case '/test/reset':
          recorder.reset();
          failuresSeen.clear();
          exfiltrated.length = 0;
          return sendJson(response, 200, { ok: true });
        default:
          response.writeHead(404, { 'content-type': 'text/plain' }).end('The MCP endpoint is /mcp\n');
      }
    })().catch((error: unknown) => {
      print(`error: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) sendJson(response, error instanceof SyntaxError ? 400 : 500, { error: String(error) });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    recorder,
    async close() {
      await Promise.all([main.close(), badSchema.close(), hostile?.close()]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
