import { presetById, providerEndpoint, type ProviderPresetId } from '../llm/index.ts';
import type { Workspace } from '../workspace/index.ts';
import { secretKeyOf } from './mcp-slice.ts';

/**
 * For keys remembered before each key kept its address: the address the saved workspace itself sends
 * them to (its provider's base URL, each MCP server's URL), read at start-up before any file or link can
 * change it; a provider not in use gets its preset's address.
 */
export function legacyKeyEndpoint(workspace: Workspace): (keyId: string) => string {
  const serverUrls = new Map<string, string>();
  for (const server of workspace.mcpServers ?? [])
    for (const name of server.secretHeaders) serverUrls.set(secretKeyOf(server.id, name), server.url);
  const { provider } = workspace.settings;
  return (keyId) => {
    const serverUrl = serverUrls.get(keyId);
    if (serverUrl !== undefined) return serverUrl;
    if (keyId === provider.kind && provider.kind !== 'mock') return providerEndpoint(provider.kind as ProviderPresetId, provider.baseUrl);
    try {
      return presetById(keyId as ProviderPresetId).baseUrl;
    } catch {
      return '';
    }
  };
}
