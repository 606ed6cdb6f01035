// The local bridge (mcp-bridge/): a stdio server (server-everything's stdio mode, a real child process)
// and an HTTP server that sends no CORS headers (the sample's /no-cors endpoint), both reached by the
// app's client over Streamable HTTP with the token the bridge printed; without the token, nothing.
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { RealClock, ToolExecutor } from '../../core/index.ts';
import { startBridge, type RunningBridge } from '../../../mcp-bridge/bridge.ts';
import { startSampleServer, type RunningSampleServer } from '../../../mcp-sample/http-front.ts';
import { McpConnection } from './mcp-connection.ts';
import { toCoreTool } from './mcp-tool.ts';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const running: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(running.splice(0).map((item) => item.close())));

async function bridgeTo(target: string[]): Promise<RunningBridge> {
  const bridge = await startBridge({ target, port: 0 });
  running.push(bridge);
  return bridge;
}

async function callThrough(url: string, tool: string, args: Record<string, unknown>) {
  const connection = await McpConnection.open({ url, connectTimeoutMs: 20_000 });
  running.push(connection);
  const executor = new ToolExecutor({ clock: new RealClock(), timeoutMs: 10_000 });
  for (const definition of connection.tools)
    if (!definition.problem) executor.register(toCoreTool({ connection, serverLabel: connection.info.name, definition }));
  return { connection, result: await executor.execute({ id: 'b1', name: tool, arguments: args }) };
}

describe('the MCP bridge', () => {
  it('serves a stdio server as Streamable HTTP: its tools list and run, progress included', { timeout: 30_000 }, async () => {
    const bridge = await bridgeTo([process.execPath, everything, 'stdio']);
    const { connection, result } = await callThrough(bridge.url, 'echo', { message: 'through the bridge' });
    expect(connection.info.transport).toBe('streamable-http');
    expect(connection.tools.map((tool) => tool.name)).toContain('trigger-long-running-operation');
    expect(JSON.stringify(result)).toContain('Echo: through the bridge');
  });

  it('passes an HTTP server that sends no CORS headers through, adding them for the app origin', async () => {
    const sample: RunningSampleServer = await startSampleServer({ port: 0 });
    running.push(sample);
    const bridge = await bridgeTo([sample.url.replace('/mcp', '/no-cors/mcp')]);
    const preflight = await fetch(bridge.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    const { result } = await callThrough(bridge.url, 'lookup_city', { city: 'Lima' });
    expect(result.status).toBe('success');
  });

  it('refuses a request without the token, and a host that is not loopback', async () => {
    const bridge = await bridgeTo([process.execPath, everything, 'stdio']);
    expect((await fetch(bridge.url.replace(/\/[^/]+\/mcp$/, '/guess/mcp'), { method: 'POST', body: '{}' })).status).toBe(403);
    // A page whose DNS name was rebound to 127.0.0.1 sends its own name as Host.
    const status = await new Promise<number | undefined>((resolve) =>
      request(bridge.url, { method: 'POST', headers: { host: 'evil.example' } }, (response) => resolve(response.statusCode)).end('{}'),
    );
    expect(status).toBe(421);
  });
});
