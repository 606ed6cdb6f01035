import { useMemo } from 'react';
import { settingOverrides } from '../../../workspace/setting-overrides.ts';
import { RunSettingsForm } from './RunSettingsForm.tsx';
import { useAppStore } from '../../store-context.tsx';

export function RunSettingsContainer() {
  const settings = useAppStore((state) => state.workspace.settings);
  const tools = useAppStore((state) => state.workspace.tools);
  const updateSettings = useAppStore((state) => state.updateSettings);
  // Derived here, not in the selector: a fresh object from a selector would loop React.
  const overrides = useMemo(() => settingOverrides(tools), [tools]);
  return <RunSettingsForm settings={settings} overrides={overrides} onChange={updateSettings} />;
}
