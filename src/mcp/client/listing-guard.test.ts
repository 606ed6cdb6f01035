// A real HTTP server on loopback that does the handshake right and then answers tools/list with an event
// stream that ends empty (or stays open and silent): the connect must fail with words, not wait out the
// SDK's 60 s request timeout behind "Connecting…" (issue 28).
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { McpConnection } from './mcp-connection.ts';

type ListAnswer = 'empty stream' | 'silent stream';

async function startServer(listAnswer: ListAnswer) {
  const open: ServerResponse[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST') return void response.writeHead(request.method === 'DELETE' ? 200 : 405).end();
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      if (message.method === 'initialize') {
        const result = {
          protocolVersion: message.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'empty-lister', version: '1.0.0' },
        };
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (listAnswer === 'empty stream') return void response.end();
      response.write(': nothing to say\n\n');
      open.push(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => {
      for (const response of open) response.end();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function connectError(listAnswer: ListAnswer, connectTimeoutMs: number): Promise<string> {
  const server = await startServer(listAnswer);
  servers.push(server);
  return McpConnection.open({ url: server.url, origin: 'http://127.0.0.1:4205', connectTimeoutMs }).then(
    (connection) => (void connection.close(), 'connected'),
    (error: Error) => error.message,
  );
}

describe('tools/list at connect', () => {
  it('a tools/list answered by a stream that ends empty fails the connect at once, saying so', async () => {
    // The time limit is far off: only the stream's end can have ended the connect within the test's 5 s.
    expect(await connectError('empty stream', 60_000)).toBe(
      'The MCP server empty-lister ended its answer to tools/list without the list of tools (an empty response stream).',
    );
  });

  it('a tools/list whose stream stays open and silent fails the connect after the connect timeout, saying so', async () => {
    expect(await connectError('silent stream', 1000)).toBe('The MCP server empty-lister did not answer tools/list within 1 s.');
  });
});
