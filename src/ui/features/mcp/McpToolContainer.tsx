import { mcpToolFaults } from '../../../store/mcp-slice.ts';
import { FaultSettingsForm } from '../faults/FaultSettingsForm.tsx';
import { McpToolView } from './McpToolView.tsx';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

/** The editor area for a selected MCP tool: its definition as the server lists it, read-only, and its injected faults. */
export function McpToolContainer() {
  const store = useAppStoreApi();
  const tool = useAppStore((state) => state.mcpTools.find((candidate) => candidate.id === state.selectedToolId));
  const changed = useAppStore((state) => {
    const change = state.mcpStates.find((server) => server.id === tool?.serverId)?.lastChange;
    return !!tool && !!change?.changed.includes(tool.definition.name);
  });
  const faults = useAppStore((state) => (tool ? mcpToolFaults(state.workspace.mcpServers, tool) : undefined));
  const seed = useAppStore((state) => state.workspace.settings.faultSeed ?? 1);
  if (!tool) return <p className="empty-hint">This MCP tool is gone: its server was disconnected or no longer lists it.</p>;
  const faultsForm = (
    <FaultSettingsForm
      key={tool.id}
      toolName={tool.definition.name}
      faults={faults}
      seed={seed}
      onChange={(next) => store.getState().setMcpToolFaults(tool.id, next)}
      onSeedChange={(faultSeed) => store.getState().updateSettings({ faultSeed })}
    />
  );
  return (
    <McpToolView definition={tool.definition} serverLabel={tool.serverLabel} problem={tool.problem} changed={changed} faults={faultsForm} />
  );
}
