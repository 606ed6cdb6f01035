// The MCP-tool adapter against real SDK servers over the in-memory transport, run by a real executor.
import { afterEach, describe, expect, it } from 'vitest';
import { RealClock, ToolExecutor, type ExecutorEvent, type Tool, errorOf, modelFacingPayload } from '../../core/index.ts';
import type { McpToolListChange } from '../mcp-types.ts';
import type { McpConnection } from './mcp-connection.ts';
import { toCoreTool } from './mcp-tool.ts';
import { connectInMemory, connectToSample, failingServer } from './in-memory-servers.test-support.ts';

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

function executorOver(connection: McpConnection, options: { timeoutMs?: number } = {}) {
  open.push(connection);
  const executor = new ToolExecutor({
    clock: new RealClock(),
    timeoutMs: options.timeoutMs ?? 5000,
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 },
    random: () => 0.5,
  });
  for (const definition of connection.tools)
    if (!definition.problem) executor.register(toCoreTool({ connection, serverLabel: connection.info.name, definition }) as Tool);
  const events: ExecutorEvent[] = [];
  executor.on((event) => events.push(event));
  return { executor, events };
}

const ofType = <Type extends ExecutorEvent['type']>(events: ExecutorEvent[], type: Type) =>
  events.filter((event): event is Extract<ExecutorEvent, { type: Type }> => event.type === type);

describe('an MCP server through the executor', () => {
  it('connects, reports the server and lists its tools with their hints', async () => {
    const { connection } = await connectToSample();
    open.push(connection);
    expect(connection.info).toMatchObject({ name: 'toolscope-sample', version: '1.0.0', transport: 'in-memory' });
    expect(connection.info.capabilities).toMatchObject({ tools: { listChanged: true } });
    const names = connection.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['lookup_city', 'build_report', 'flaky_lookup', 'stubborn_export', 'delete_record']));
    expect(names).not.toContain('extra_echo');
    expect(connection.tools.find((tool) => tool.name === 'delete_record')?.annotations).toEqual({
      destructiveHint: true,
      idempotentHint: false,
    });
  });

  it('runs a call, returns content and structuredContent, and files the JSON-RPC traffic under the call', async () => {
    const { executor, events } = executorOver((await connectToSample()).connection);
    const result = await executor.execute({ id: 'c1', name: 'lookup_city', arguments: { city: 'Paris' } });
    expect(result.status).toBe('success');
    expect(modelFacingPayload(result)).toMatchObject({ structuredContent: { city: 'Paris', country: 'France', temperatureC: 18 } });
    const traffic = ofType(events, 'tool-call-traffic').map((event) => event.entry);
    expect(traffic.map((entry) => [entry.direction, (entry.message as { method?: string }).method ?? 'answer'])).toEqual([
      ['sent', 'tools/call'],
      ['received', 'answer'],
    ]);
  });

  it('checks arguments against the inputSchema before calling: the server never sees a bad call', async () => {
    const { executor, events } = executorOver((await connectToSample()).connection);
    const result = await executor.execute({ id: 'c2', name: 'lookup_city', arguments: { town: 'Paris' } });
    expect(errorOf(result)?.kind).toBe('invalid_arguments');
    expect(errorOf(result)?.issues).toEqual(expect.arrayContaining([{ path: 'city', message: 'Required' }]));
    expect(ofType(events, 'tool-call-traffic')).toEqual([]);
  });

  it('reads an isError result as a tool error with the server words, and does not retry it', async () => {
    const { executor } = executorOver((await connectToSample()).connection);
    const result = await executor.execute({ id: 'c3', name: 'lookup_city', arguments: { city: 'Atlantis' } });
    expect(result).toMatchObject({ status: 'error', attempts: 1, error: { kind: 'execution_error', retryable: false } });
    expect(errorOf(result)?.message).toContain('Unknown city "Atlantis"');
  });

  it('draws progress: each notifications/progress becomes a progress event of the call', async () => {
    const { executor, events } = executorOver((await connectToSample()).connection);
    const result = await executor.execute({ id: 'c4', name: 'build_report', arguments: { topic: 'q3', steps: 3, stepMs: 20 } });
    expect(result.status).toBe('success');
    expect(ofType(events, 'tool-call-progress').map((event) => [event.entry.progress, event.entry.total, event.entry.message])).toEqual([
      [1, 3, 'Section 1 of 3'],
      [2, 3, 'Section 2 of 3'],
      [3, 3, 'Section 3 of 3'],
    ]);
    expect(
      ofType(events, 'tool-call-traffic').filter(
        (event) => (event.entry.message as { method?: string }).method === 'notifications/progress',
      ),
    ).toHaveLength(3);
  });

  it('at the deadline aborts the call and the client sends notifications/cancelled for its request', async () => {
    const { executor, events } = executorOver((await connectToSample()).connection, { timeoutMs: 120 });
    const result = await executor.execute({ id: 'c5', name: 'build_report', arguments: { topic: 'q3', steps: 5, stepMs: 100 } });
    expect(errorOf(result)?.kind).toBe('timeout');
    const messages = ofType(events, 'tool-call-traffic').map(
      (event) => event.entry.message as { id?: number; method?: string; params?: { requestId?: number } },
    );
    const request = messages.find((message) => message.method === 'tools/call');
    const cancel = messages.find((message) => message.method === 'notifications/cancelled');
    expect(cancel?.params?.requestId).toBe(request?.id);
  });

  it('retries a read-only or idempotent tool after JSON-RPC internal errors', async () => {
    const failing = failingServer(2, { idempotentHint: true });
    const { executor } = executorOver(await connectInMemory(failing.server));
    const result = await executor.execute({ id: 'r1', name: 'failing', arguments: {} });
    expect(result).toMatchObject({ status: 'success', attempts: 3, result: { content: [{ type: 'text', text: 'worked on call 3' }] } });
    expect(failing.calls()).toBe(3);
  });

  it('never retries a destructive tool, whatever the failure', async () => {
    const failing = failingServer(2, { destructiveHint: true, idempotentHint: true });
    const { executor } = executorOver(await connectInMemory(failing.server));
    const result = await executor.execute({ id: 'r2', name: 'failing', arguments: {} });
    expect(result).toMatchObject({ status: 'error', attempts: 1, error: { kind: 'execution_error', retryable: true } });
    expect(errorOf(result)?.message).toMatch(/internal error \(JSON-RPC -32603\).*overloaded/);
    expect(failing.calls()).toBe(1);
  });

  it('refreshes the list when the server says it changed, naming what was added and changed', async () => {
    const changes: McpToolListChange[] = [];
    const { connection } = await connectToSample({ onToolsChanged: (change) => changes.push(change) });
    const { executor } = executorOver(connection);
    await executor.execute({ id: 't1', name: 'toggle_extra_tool', arguments: {} });
    await expect.poll(() => connection.tools.some((tool) => tool.name === 'extra_echo')).toBe(true);
    // The server sends two notifications (the tool appeared, the toggle's description changed); whichever
    // refresh sees them, together they name both.
    await expect.poll(() => changes.flatMap((change) => change.added)).toEqual(['extra_echo']);
    await expect.poll(() => changes.flatMap((change) => change.changed)).toEqual(['toggle_extra_tool']);
  });

  it('ends a call in flight with a clear error when the connection is closed, and then fails fast', async () => {
    const { connection } = await connectToSample();
    const { executor } = executorOver(connection);
    const running = executor.execute({ id: 'd1', name: 'build_report', arguments: { topic: 'x', steps: 10, stepMs: 100 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await connection.close();
    const result = await running;
    expect(errorOf(result)).toMatchObject({ kind: 'execution_error', retryable: false });
    expect(errorOf(result)?.message).toMatch(/closed|Disconnected/);
    const after = await executor.execute({ id: 'd2', name: 'lookup_city', arguments: { city: 'Paris' } });
    expect(errorOf(after)?.message).toBe('Disconnected.');
  });

  it('answers health with a ping, and is unhealthy once disconnected', async () => {
    const { connection } = await connectToSample();
    const { executor } = executorOver(connection);
    expect((await executor.checkHealth()).lookup_city).toMatchObject({ healthy: true, detail: 'toolscope-sample answered ping' });
    await connection.close();
    expect((await executor.checkHealth()).lookup_city).toMatchObject({ healthy: false });
  });
});
