import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { RealClock, ToolExecutor, errorOf } from '../core/index.ts';
import { SampleRecorder } from '../../mcp-sample/recorder.ts';
import { createSampleServer } from '../../mcp-sample/sample-tools.ts';
import { failingServer } from './client/in-memory-servers.test-support.ts';
import { McpServers, mcpToolId, type McpServersEvent } from './mcp-servers.ts';

/** Each server id gets a fresh in-memory server: `sample` the sample tools, `failing` a JSON-RPC failer. */
function inMemoryServers() {
  const events: McpServersEvent[] = [];
  const servers = new McpServers({
    connectionOptions: (config) => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      const created =
        config.id === 'failing'
          ? failingServer(0, {}).server
          : createSampleServer({ recorder: new SampleRecorder(), dropConnection: () => {} });
      void created.connect(server);
      return { transport: client };
    },
  });
  servers.subscribe((event) => event && events.push(event));
  return { servers, events };
}

let current: McpServers | undefined;
afterEach(async () => {
  for (const state of current?.states() ?? []) await current?.remove(state.id);
});

describe('McpServers', () => {
  it('connects several servers and offers their tools under ids that name the server', async () => {
    const { servers } = inMemoryServers();
    current = servers;
    const snapshots = new Set<unknown>();
    servers.subscribe(() => snapshots.add(servers.states()));
    await Promise.all([
      servers.connect({ id: 'sample', url: 'memory://sample', headers: {} }),
      servers.connect({ id: 'failing', url: 'memory://failing', headers: {} }),
    ]);
    expect(servers.states().map((state) => [state.id, state.status, state.info?.name])).toEqual([
      ['sample', 'connected', 'toolscope-sample'],
      ['failing', 'connected', 'failing'],
    ]);
    const ids = servers.tools().map((tool) => tool.id);
    expect(ids).toContain(mcpToolId('sample', 'lookup_city'));
    expect(ids).toContain(mcpToolId('failing', 'failing'));
    expect(servers.tools().every((tool) => tool.tool !== null)).toBe(true);
    // One snapshot per change, and the same array between changes (React selectors rely on it).
    expect(servers.states()).toBe(servers.states());
    expect(snapshots.size).toBeGreaterThanOrEqual(3);
  });

  it('says why a connect failed and keeps the server listed', async () => {
    const servers = new McpServers();
    current = servers;
    const state = await servers.connect({ id: 'bad', url: 'not a url', headers: {} });
    expect(state).toMatchObject({ status: 'failed', error: '"not a url" is not an http:// or https:// URL.' });
    expect(servers.states()).toHaveLength(1);
    expect(servers.tools()).toEqual([]);
  });

  it('ends a call in flight when its server is disconnected, and takes its tools away', async () => {
    const { servers } = inMemoryServers();
    current = servers;
    await servers.connect({ id: 'sample', url: 'memory://sample', headers: {} });
    const executor = new ToolExecutor({ clock: new RealClock(), timeoutMs: 5000 });
    for (const remote of servers.tools()) if (remote.tool) executor.register(remote.tool);
    const running = executor.execute({ id: 'c', name: 'build_report', arguments: { topic: 't', steps: 20, stepMs: 100 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await servers.disconnect('sample');
    const result = await running;
    expect(errorOf(result)?.message).toBe('toolscope-sample was disconnected (MCP servers → Disconnect).');
    expect(servers.tools()).toEqual([]);
    expect(servers.states()[0]).toMatchObject({ status: 'disconnected', error: null });
  });

  it('tells its listeners when a server changed its tool list', async () => {
    const { servers, events } = inMemoryServers();
    current = servers;
    await servers.connect({ id: 'sample', url: 'memory://sample', headers: {} });
    const toggle = servers.tools().find((tool) => tool.definition.name === 'toggle_extra_tool')!.tool!;
    const executor = new ToolExecutor({ clock: new RealClock() });
    executor.register(toggle);
    await executor.execute({ id: 't', name: 'toggle_extra_tool', arguments: {} });
    await expect.poll(() => servers.tools().some((tool) => tool.definition.name === 'extra_echo')).toBe(true);
    expect(events[0]).toMatchObject({ type: 'tools-changed', serverId: 'sample', serverLabel: 'toolscope-sample' });
    expect(servers.states()[0]?.lastChange?.added).toContain('extra_echo');
  });
});
