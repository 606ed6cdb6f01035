import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { SampleRecorder } from '../../mcp-sample/recorder.ts';
import { createSampleServer } from '../../mcp-sample/sample-tools.ts';
import { createApiKeyStore } from '../llm/index.ts';
import { McpServers, mcpToolId } from '../mcp/index.ts';
import { exportWorkspace } from '../workspace/index.ts';
import { secretKeyOf } from './mcp-slice.ts';
import { createTestStore } from './in-process-store.test-support.ts';

/** A store whose MCP servers are the sample server over the in-memory transport; headers are recorded. */
function setup() {
  const headersSent: Record<string, string>[] = [];
  const mcp = new McpServers({
    connectionOptions: (config) => {
      headersSent.push(config.headers);
      const [client, server] = InMemoryTransport.createLinkedPair();
      void createSampleServer({ recorder: new SampleRecorder(), dropConnection: () => {} }).connect(server);
      return { transport: client };
    },
  });
  const apiKeys = createApiKeyStore();
  const store = createTestStore({ mcp, apiKeys });
  for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: false });
  return { store, apiKeys, headersSent };
}

const connectInput = {
  url: 'http://127.0.0.1:4310/mcp',
  headers: [{ name: 'X-Team', value: 'tools' }],
  bearerToken: 's3cret-token',
  rememberSecrets: false,
};

describe('mcp slice', () => {
  it('saves the server without its secrets, keeps the token in memory and sends it', async () => {
    const { store, apiKeys, headersSent } = setup();
    const state = await store.getState().connectMcpServer(connectInput);
    expect(state.status).toBe('connected');
    const [saved] = store.getState().workspace.mcpServers ?? [];
    expect(saved).toEqual({
      id: state.id,
      url: 'http://127.0.0.1:4310/mcp',
      headers: [{ name: 'X-Team', value: 'tools' }],
      secretHeaders: ['Authorization'],
      disabledTools: [],
    });
    expect(headersSent[0]).toEqual({ 'X-Team': 'tools', Authorization: 'Bearer s3cret-token' });
    expect(apiKeys.get(secretKeyOf(state.id, 'Authorization'))).toBe('Bearer s3cret-token');
    expect(apiKeys.isRemembered(secretKeyOf(state.id, 'Authorization'))).toBe(false);
    expect(exportWorkspace(store.getState().workspace)).not.toContain('s3cret');
    expect(JSON.stringify(store.getState().workspace)).not.toContain('s3cret');
  });

  it('runs a test call of an MCP tool through the session, with its sample arguments edited', async () => {
    const { store } = setup();
    const { id } = await store.getState().connectMcpServer(connectInput);
    const toolId = mcpToolId(id, 'lookup_city');
    store.getState().setMcpArguments(toolId, '{"city": "Lima"}');
    await store.getState().runTestCall(toolId);
    const testCall = store.getState().testCalls[toolId];
    expect(testCall?.result).toMatchObject({ status: 'success', result: { structuredContent: { city: 'Lima', country: 'Peru' } } });
    expect(store.getState().run?.events.some((event) => event.type === 'tool-call-traffic')).toBe(true);
  });

  it('sends without validating when asked: the server answers arguments its schema forbids itself', async () => {
    const { store } = setup();
    const { id } = await store.getState().connectMcpServer(connectInput);
    const toolId = mcpToolId(id, 'lookup_city');
    store.getState().setMcpArguments(toolId, '{"city": 42}');
    await store.getState().runTestCall(toolId);
    expect(store.getState().testCalls[toolId]?.result?.status === 'error' && store.getState().testCalls[toolId]?.result).toMatchObject({
      error: { kind: 'invalid_arguments', message: expect.stringMatching(/^Invalid arguments for tool "lookup_city"/) as unknown },
    });
    expect(store.getState().run?.events.some((event) => event.type === 'tool-call-traffic')).toBe(false);
    await store.getState().runTestCall(toolId, { unvalidated: true });
    const raw = store.getState().testCalls[toolId]?.result;
    // McpServer answers invalid input as a tool error (isError) with its own words, -32602 among them.
    expect(raw?.status).toBe('error');
    expect(raw?.status === 'error' && raw.error.message).toMatch(/-32602.*Input validation error/);
    expect(store.getState().run?.events.some((event) => event.type === 'tool-call-traffic')).toBe(true);
  });

  it('leaves a switched-off tool out of runs, and asks for a missing secret before reconnecting', async () => {
    const { store, apiKeys } = setup();
    const { id } = await store.getState().connectMcpServer(connectInput);
    store.getState().setMcpToolEnabled(mcpToolId(id, 'build_report'), false);
    expect(store.getState().workspace.mcpServers?.[0]?.disabledTools).toEqual(['build_report']);
    await store.getState().disconnectMcpServer(id);
    expect(store.getState().mcpTools).toEqual([]);
    apiKeys.forgetAll();
    expect(await store.getState().reconnectMcpServer(id)).toEqual({ missingSecrets: ['Authorization'] });
    await store.getState().removeMcpServer(id);
    expect(store.getState().workspace.mcpServers).toEqual([]);
    expect(store.getState().mcpStates).toEqual([]);
  });

  it('forgets a new server whose first connect failed, secrets included, and says why', async () => {
    const apiKeys = createApiKeyStore();
    const store = createTestStore({ mcp: new McpServers(), apiKeys });
    const state = await store.getState().connectMcpServer({ ...connectInput, url: 'ftp://nowhere' });
    expect(state).toMatchObject({ status: 'failed', error: '"ftp://nowhere" is not an http:// or https:// URL.' });
    expect(store.getState().workspace.mcpServers ?? []).toEqual([]);
    expect(store.getState().mcpStates).toEqual([]);
    expect(apiKeys.providers()).toEqual([]);
  });

  it('keeps a secret left blank when the connection is edited', async () => {
    const { store, apiKeys, headersSent } = setup();
    const { id } = await store.getState().connectMcpServer(connectInput);
    await store.getState().connectMcpServer({ serverId: id, url: connectInput.url, headers: [], bearerToken: '', rememberSecrets: true });
    expect(headersSent[1]).toEqual({ Authorization: 'Bearer s3cret-token' });
    expect(apiKeys.isRemembered(secretKeyOf(id, 'Authorization'))).toBe(true);
    expect(store.getState().workspace.mcpServers?.[0]?.secretHeaders).toEqual(['Authorization']);
  });

  it('closes the connection of a server that a replaced workspace no longer has', async () => {
    const { store } = setup();
    await store.getState().connectMcpServer(connectInput);
    expect(store.getState().mcpTools.length).toBeGreaterThan(0);
    store.getState().replaceWorkspace({ ...store.getState().workspace, mcpServers: [] });
    await expect.poll(() => store.getState().mcpStates).toEqual([]);
    expect(store.getState().mcpTools).toEqual([]);
  });
});
