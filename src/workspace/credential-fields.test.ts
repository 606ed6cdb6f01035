import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noFaults } from '../faults/index.ts';
import { credentialFields, withoutCredentials } from './credential-fields.ts';
import { MemoryStorage } from './memory-storage.ts';
import { decodeShareLink, encodeShareLink } from './share-link.ts';
import { WORKSPACE_KEY } from './storage-keys.ts';
import { makeWorkspace, savedText } from './fixed-workspaces.test-support.ts';
import { exportWorkspace, importWorkspace } from './workspace-file.ts';
import { workspaceSchema, type McpServerSource } from './workspace-schema.ts';
import { loadWorkspace, saveWorkspace } from './workspace-storage.ts';

// Issue 24, defect 1: connecting an MCP server made the saved workspace unloadable, because the save
// removed every property named like /secret/i, `secretHeaders` (a list of header names) among them.
const server: McpServerSource = {
  id: 'server-1',
  url: 'http://127.0.0.1:4310/mcp',
  headers: [{ name: 'X-Tenant', value: 'acme' }],
  secretHeaders: ['Authorization', 'X-Api-Key'],
  disabledTools: ['delete_secret'],
  // Tool names are the server's: one named like a credential is still a tool.
  toolFaults: { get_api_key: { ...noFaults, enabled: true, unavailableRate: 0.5 }, token_count: noFaults },
};
const withServer = () => makeWorkspace({ mcpServers: [structuredClone(server)] });

describe('a workspace with an MCP server', () => {
  it('saves and loads back as it was (secretHeaders and the faults of a tool named get_api_key kept)', () => {
    const storage = new MemoryStorage();
    expect(saveWorkspace(storage, withServer())).toEqual({ ok: true });
    expect(loadWorkspace(storage)).toEqual({ workspace: withServer() });
  });

  it('exported, imports back as it was', () => {
    const imported = importWorkspace(exportWorkspace(withServer()));
    expect(imported).toEqual({ ok: true, workspace: withServer() });
  });

  it('shared by link, opens as it was', async () => {
    const link = await encodeShareLink(withServer(), 'https://toolscope.example/');
    if (!link.ok) throw new Error(link.message);
    const opened = await decodeShareLink(link.url);
    expect(opened.ok && opened.workspace).toEqual(withServer());
  });

  it('saved by the old name-based filter (no secretHeaders), opens with none, keeping everything else', () => {
    const storage = new MemoryStorage();
    const { secretHeaders: _names, ...stripped } = server;
    storage.setItem(WORKSPACE_KEY, savedText(makeWorkspace({ mcpServers: [stripped as McpServerSource] }), 3));
    const loaded = loadWorkspace(storage);
    expect(loaded.notice).toBeUndefined();
    expect(loaded.workspace.mcpServers).toEqual([{ ...server, secretHeaders: [] }]);
  });
});

describe('withoutCredentials', () => {
  it('leaves out what the schema does not declare, whatever its name, and reports where', () => {
    const workspace = withServer();
    Object.assign(workspace.settings.provider, { apiKey: 'sk-one' });
    Object.assign(workspace.mcpServers![0]!, { bearerToken: 'two' });
    Object.assign(workspace, { notes: 'three' });
    const { value, removedPaths } = withoutCredentials(workspaceSchema, workspace);
    expect(value).toEqual(withServer());
    expect(removedPaths).toEqual(['settings.provider.apiKey', 'mcpServers.0.bearerToken', 'notes']);
    expect(workspace.settings.provider).toHaveProperty('apiKey', 'sk-one');
  });

  it('leaves out a field the schema marks as a credential, at any depth, and keeps the others', () => {
    const token = z.string().register(credentialFields, { holds: 'a bearer token' });
    const schema = z.object({ name: z.string(), servers: z.array(z.object({ url: z.string(), token: token.optional() })) });
    const { value, removedPaths } = withoutCredentials(schema, { name: 'a', servers: [{ url: 'u', token: 't' }, { url: 'v' }] });
    expect(value).toEqual({ name: 'a', servers: [{ url: 'u' }, { url: 'v' }] });
    expect(removedPaths).toEqual(['servers.0.token']);
  });
});
