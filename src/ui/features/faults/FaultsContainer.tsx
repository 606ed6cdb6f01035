import { FaultSettingsForm } from './FaultSettingsForm.tsx';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

/** The selected tool's fault injection settings (Editor → Settings). */
export function FaultsContainer() {
  const store = useAppStoreApi();
  const tool = useAppStore((state) => state.workspace.tools.find((candidate) => candidate.id === state.selectedToolId) ?? null);
  const seed = useAppStore((state) => state.workspace.settings.faultSeed ?? 1);
  if (!tool) return null;
  return (
    <FaultSettingsForm
      key={tool.id}
      toolName={tool.name}
      faults={tool.faults}
      seed={seed}
      onChange={(faults) => store.getState().updateTool(tool.id, { faults })}
      onSeedChange={(faultSeed) => store.getState().updateSettings({ faultSeed })}
    />
  );
}
