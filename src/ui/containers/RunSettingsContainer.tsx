import { RunSettingsForm } from '../panels/RunSettingsForm.tsx';
import { useAppStore } from './store-context.tsx';

export function RunSettingsContainer() {
  const settings = useAppStore((state) => state.workspace.settings);
  const updateSettings = useAppStore((state) => state.updateSettings);
  return <RunSettingsForm settings={settings} onChange={updateSettings} />;
}
