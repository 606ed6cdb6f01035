// The MCP server list as the panel shows it: the saved servers in their order, each with its live state
// and its tools (status from the tool's problem and the last health check, a notice for what changed).
import type { ToolHealth } from '../../../core/index.ts';
import { labelOf, type McpServerState, type RemoteTool } from '../../../mcp/index.ts';
import { isMcpToolEnabled } from '../../../workspace/index.ts';
import type { McpServerSource } from '../../../workspace/workspace-schema.ts';
import type { McpServerListItem } from './McpServerList.tsx';

const TRANSPORT: Record<string, string> = { 'streamable-http': 'Streamable HTTP', sse: 'HTTP+SSE', 'in-memory': 'in memory' };

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function mcpListItems(
  saved: readonly McpServerSource[],
  states: readonly McpServerState[],
  tools: readonly RemoteTool[],
  health: Readonly<Record<string, ToolHealth | undefined>>,
): McpServerListItem[] {
  return saved.map((source) => {
    const state = states.find((candidate) => candidate.id === source.id);
    const info = state?.info;
    return {
      id: source.id,
      label: state?.info ? labelOf(state) : hostOf(source.url),
      url: source.url,
      status: state?.status ?? 'disconnected',
      summary:
        info && state?.status === 'connected'
          ? `${info.version} · ${TRANSPORT[info.transport] ?? info.transport} · ${state.tools.length} tools`
          : null,
      error: state?.error ?? null,
      tools: tools
        .filter((tool) => tool.serverId === source.id)
        .map((tool) => {
          const toolHealth = health[tool.id];
          const status = tool.problem ? 'errors' : toolHealth?.healthy === false ? 'unhealthy' : 'valid';
          const detail = tool.problem ?? (toolHealth?.healthy === false ? `Unhealthy: ${toolHealth.detail ?? 'ping failed'}` : undefined);
          const change = state?.lastChange;
          return {
            id: tool.id,
            name: tool.definition.name,
            enabled: isMcpToolEnabled(saved, tool),
            status,
            ...(detail ? { statusDetail: detail } : {}),
            notice: change?.added.includes(tool.definition.name)
              ? 'new'
              : change?.changed.includes(tool.definition.name)
                ? 'changed'
                : null,
          };
        }),
    };
  });
}
