// A stdio MCP server served as Streamable HTTP: each MCP session the app opens gets its own child process
// (a stdio server speaks to one client), and its JSON-RPC messages pass both ways untouched. The HTTP side
// is the SDK's server transport with an event store, so streams open with a priming id and `retry` and a
// lost stream resumes; the process ends with its session (DELETE, or the bridge stopping).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BoundedEventStore } from '../src/tool-export/project/template/src/event-store.ts';

interface Session {
  http: StreamableHTTPServerTransport;
  child: StdioClientTransport;
  /** Requests from the app still unanswered: a progress notification goes on its request's stream. */
  open: Set<string | number>;
}

const retryMs = 1000;

export class StdioSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly command: string,
    private readonly args: string[],
    private readonly print: (line: string) => void,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    if (known) return known.http.handleRequest(request, response, body);
    if (sessionId)
      return void response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
    if (request.method !== 'POST' || !isInitializeRequest(body))
      return void response
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"jsonrpc":"2.0","error":{"code":-32000,"message":"Initialize first"},"id":null}');
    const session = await this.open();
    await session.http.handleRequest(request, response, body);
  }

  private async open(): Promise<Session> {
    const child = new StdioClientTransport({ command: this.command, args: this.args, env: getDefaultEnvironment(), stderr: 'inherit' });
    const http: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      eventStore: new BoundedEventStore(),
      retryInterval: retryMs,
      onsessioninitialized: (id) => {
        this.sessions.set(id, session);
        this.print(`session ${id}: ${this.command} ${this.args.join(' ')} (pid ${child.pid ?? '?'})`);
      },
    });
    const session: Session = { http, child, open: new Set() };
    http.onmessage = (message: JSONRPCMessage) => {
      const fields = message as { id?: string | number; method?: string };
      if (fields.method && fields.id !== undefined) session.open.add(fields.id);
      void child.send(message).catch((error: unknown) => this.print(`to the server: ${String(error)}`));
    };
    child.onmessage = (message: JSONRPCMessage) => {
      const fields = message as { id?: string | number; method?: string; params?: { progressToken?: string | number } };
      if (!fields.method && fields.id !== undefined) session.open.delete(fields.id);
      // Progress goes on its request's stream; a server request (an elicitation) on the one call open, if one is.
      const token = fields.params?.progressToken;
      const onlyOpen = session.open.size === 1 ? [...session.open][0] : undefined;
      const related =
        fields.method === 'notifications/progress' && token !== undefined && session.open.has(token)
          ? token
          : fields.method && fields.id !== undefined
            ? onlyOpen
            : undefined;
      void http.send(message, related === undefined ? undefined : { relatedRequestId: related }).catch(() => {});
    };
    const end = () => {
      if (http.sessionId) this.sessions.delete(http.sessionId);
      void child.close().catch(() => {});
      void http.close().catch(() => {});
    };
    http.onclose = end;
    child.onclose = () => {
      this.print(`session ${http.sessionId ?? '(new)'}: the server process ended`);
      end();
    };
    await child.start();
    await http.start();
    return session;
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => Promise.all([session.http.close(), session.child.close()])));
  }
}
