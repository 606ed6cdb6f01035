// The local bridge (`npm run mcp-bridge -- <command…>` or `-- <url>`): serves a stdio MCP server, or an
// HTTP one that sends no CORS headers, as Streamable HTTP on loopback with CORS for the app's origin.
// A random token in the path is the key: only a page given the printed URL reaches the server, and only
// under 127.0.0.1 or localhost (a site that rebinds its DNS name to 127.0.0.1 gets 421).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyCors } from '../mcp-sample/cors.ts';
import { StdioSessions } from './stdio-sessions.ts';
import { proxyTo } from './url-proxy.ts';

export interface BridgeOptions {
  /** A URL (an HTTP MCP server), or a command and its arguments (a stdio one). */
  target: string[];
  port: number;
  /** Origins allowed besides loopback ones (the deployed app's). */
  extraOrigins?: readonly string[];
  /** Fixed token (tests); random otherwise. */
  token?: string;
  print?: (line: string) => void;
}

export interface RunningBridge {
  url: string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const print = options.print ?? (() => {});
  const token = options.token ?? randomBytes(18).toString('base64url');
  const [first = '', ...rest] = options.target;
  const upstream = /^https?:\/\//.test(first) ? new URL(first) : undefined;
  const stdio = upstream ? undefined : new StdioSessions(first, rest, print);
  const server = createServer((request, response) => {
    void (async () => {
      const { port } = server.address() as AddressInfo;
      if (![`127.0.0.1:${port}`, `localhost:${port}`].includes(request.headers.host ?? ''))
        return void response.writeHead(421, { 'content-type': 'text/plain' }).end('The bridge answers on 127.0.0.1 and localhost only.\n');
      if (applyCors(request, response, options.extraOrigins ?? [])) return;
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path !== `/${token}/mcp`)
        return void response.writeHead(403, { 'content-type': 'text/plain' }).end('Use the URL the bridge printed (it holds the token).\n');
      const raw = request.method === 'POST' ? await readBody(request) : Buffer.alloc(0);
      if (upstream) return proxyTo(upstream, request, response, raw);
      const text = raw.toString('utf8');
      await stdio!.handle(request, response, text === '' ? undefined : JSON.parse(text));
    })().catch((error: unknown) => {
      print(`error: ${String(error)}`);
      if (!response.headersSent)
        response.writeHead(error instanceof SyntaxError ? 400 : 500, { 'content-type': 'text/plain' }).end(String(error));
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${token}/mcp`,
    async close() {
      await stdio?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
