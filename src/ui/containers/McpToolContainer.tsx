import { McpToolView } from '../panels/McpToolView.tsx';
import { useAppStore } from './store-context.tsx';

/** The editor area for a selected MCP tool: its definition as the server lists it, read-only. */
export function McpToolContainer() {
  const tool = useAppStore((state) => state.mcpTools.find((candidate) => candidate.id === state.selectedToolId));
  const changed = useAppStore((state) => {
    const change = state.mcpStates.find((server) => server.id === tool?.serverId)?.lastChange;
    return !!tool && !!change?.changed.includes(tool.definition.name);
  });
  if (!tool) return <p className="empty-hint">This MCP tool is gone: its server was disconnected or no longer lists it.</p>;
  return <McpToolView definition={tool.definition} serverLabel={tool.serverLabel} problem={tool.problem} changed={changed} />;
}
