// Which tools of a saved MCP server are switched on. A fact about the saved workspace, read by the store
// (what a run offers) and by the MCP panel's list alike.
import type { McpServerSource } from './workspace-schema.ts';

/** Whether the user left this server's tool switched on (tools are on unless switched off). */
export function isMcpToolEnabled(
  sources: readonly McpServerSource[] | undefined,
  tool: { serverId: string; definition: { name: string } },
): boolean {
  return !(sources?.find((server) => server.id === tool.serverId)?.disabledTools.includes(tool.definition.name) ?? false);
}
