// The client against the sample server as a real HTTP process on loopback (Streamable HTTP, the HTTP+SSE
// fallback), for what only HTTP has: 503s, dropped connections, response streams, wrong servers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RealClock, ToolExecutor, type Tool, errorOf } from '../../core/index.ts';
import { startSampleServer, type RunningSampleServer } from '../../../mcp-sample/http-front.ts';
import { McpConnection } from './mcp-connection.ts';
import { toCoreTool } from './mcp-tool.ts';

let sample: RunningSampleServer;
const open: McpConnection[] = [];
beforeAll(async () => {
  sample = await startSampleServer({ port: 0 });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
  sample.recorder.reset();
});
afterAll(() => sample.close());

const at = (path: string) => sample.url.replace('/mcp', path);

async function connect(url = sample.url) {
  const connection = await McpConnection.open({ url, origin: 'http://127.0.0.1:4205', connectTimeoutMs: 5000 });
  open.push(connection);
  return connection;
}

function executorOver(connection: McpConnection, timeoutMs = 5000) {
  const executor = new ToolExecutor({ clock: new RealClock(), timeoutMs, retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 } });
  for (const definition of connection.tools)
    if (!definition.problem) executor.register(toCoreTool({ connection, serverLabel: connection.info.name, definition }) as Tool);
  return executor;
}

const refusedMessage = (connecting: Promise<unknown>) =>
  connecting.then(
    () => 'connected',
    (error: Error) => error.message,
  );

describe('MCP over HTTP', () => {
  it('connects over Streamable HTTP and agrees on a protocol version', async () => {
    const connection = await connect();
    expect(connection.info).toMatchObject({ name: 'toolscope-sample', transport: 'streamable-http', protocolVersion: '2025-11-25' });
  });

  it('falls back to the older HTTP+SSE transport when the endpoint refuses the POST', async () => {
    const connection = await connect(at('/legacy/sse'));
    expect(connection.info.transport).toBe('sse');
    const result = await executorOver(connection).execute({ id: 'l1', name: 'lookup_city', arguments: { city: 'Oslo' } });
    expect(errorOf(result)).toBeUndefined();
  });

  it('retries the idempotent tool through two HTTP 503s, and never the destructive one', async () => {
    const executor = executorOver(await connect());
    const flaky = await executor.execute({ id: 'f1', name: 'flaky_lookup', arguments: { id: 'http-flaky' } });
    expect(flaky).toMatchObject({ status: 'success', attempts: 3 });
    const destructive = await executor.execute({ id: 'd1', name: 'delete_record', arguments: { id: 'http-delete' } });
    expect(destructive).toMatchObject({ status: 'error', attempts: 1, error: { retryable: true } });
    expect(errorOf(destructive)?.message).toBe('toolscope-sample answered HTTP 503 (a transient failure).');
    expect(sample.recorder.snapshot().refusals.map((refusal) => refusal.tool)).toEqual(['flaky_lookup', 'flaky_lookup', 'delete_record']);
  });

  it('cancels at the deadline: the server records notifications/cancelled for the call, and a stubborn tool finishes anyway', async () => {
    const executor = executorOver(await connect(), 300);
    const result = await executor.execute({ id: 's1', name: 'stubborn_export', arguments: { seconds: 0.8 } });
    expect(errorOf(result)?.kind).toBe('timeout');
    await expect.poll(() => sample.recorder.snapshot().cancellations.map((entry) => entry.tool)).toEqual(['stubborn_export']);
    await expect
      .poll(() => sample.recorder.snapshot().lateFinishes.map((entry) => entry.tool), { timeout: 3000 })
      .toEqual(['stubborn_export']);
  });

  it('ends a call whose connection the server drops, with a clear error instead of waiting', async () => {
    // A deadline far beyond the test's own limit: only the drop itself can end this call in time (no wall-clock
    // assert, which failed under a loaded full run while the call had ended on the drop).
    const executor = executorOver(await connect(), 600_000);
    const result = await executor.execute({ id: 'x1', name: 'drop_connection', arguments: { afterMs: 100 } });
    expect(errorOf(result)?.kind).not.toBe('timeout');
    expect(errorOf(result)?.message).toMatch(
      /^The MCP server toolscope-sample (dropped the connection during the call|closed the call's response stream)/,
    );
  });

  it('resumes a call whose stream the server closed after an event id: waits retry, reconnects with Last-Event-ID, gets the answer', async () => {
    const executor = executorOver(await connect());
    const result = await executor.execute({ id: 'r1', name: 'test_reconnection', arguments: {} });
    expect(result).toMatchObject({ status: 'success', attempts: 1 });
    expect(JSON.stringify(result)).toContain('Answered after the stream was resumed.');
    expect(sample.recorder.snapshot().cancellations).toEqual([]);
  });

  it('hears notifications/tools/list_changed on the standalone stream', async () => {
    const changes: string[][] = [];
    const connection = await McpConnection.open({ url: sample.url, onToolsChanged: (change) => changes.push(change.added) });
    open.push(connection);
    // The standalone GET stream opens after initialize; give it a moment before changing the list.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await executorOver(connection).execute({ id: 't1', name: 'toggle_extra_tool', arguments: {} });
    await expect.poll(() => changes.flat()).toContain('extra_echo');
  });

  it('explains each wrong server in words', async () => {
    expect(await refusedMessage(connect(at('/html')))).toMatch(/answered with an HTML page \(HTTP 200\), not MCP/);
    expect(await refusedMessage(connect(at('/old-protocol/mcp')))).toMatch(
      /speaks MCP protocol version 2023-01-01, which this client does not support/,
    );
    expect(await refusedMessage(connect('http://127.0.0.1:9/mcp'))).toMatch(
      /^Could not reach http:\/\/127\.0\.0\.1:9\/mcp: nothing answered/,
    );
    expect(await refusedMessage(connect('ftp://example.com'))).toBe('"ftp://example.com" is not an http:// or https:// URL.');
    expect(await refusedMessage(connect(at('/nothing-here')))).toMatch(
      /answered HTTP 404 to both Streamable HTTP and the older HTTP\+SSE transport/,
    );
  });

  it('lists a tool whose inputSchema is not JSON Schema with its problem, and keeps the good one', async () => {
    const connection = await connect(at('/bad-schema/mcp'));
    expect(connection.tools.find((tool) => tool.name === 'good_echo')?.problem).toBeUndefined();
    expect(connection.tools.find((tool) => tool.name === 'broken_schema')?.problem).toMatch(/^inputSchema is not valid JSON Schema/);
    expect(await executorOver(connection).execute({ id: 'g', name: 'good_echo', arguments: { text: 'hi' } })).toMatchObject({
      status: 'success',
    });
  });
});
