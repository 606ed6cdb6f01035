import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectRunVersionsTool } from '../../../store/selectors.ts';
import { canRollBack, trialShare, versionRows } from '../../../workspace/saved-versions.ts';
import { liveTimeline, runMetrics } from '../../../trace/index.ts';
import { VersionsPanel } from './VersionsPanel.tsx';
import { useAppStore } from '../../store-context.tsx';

const noEvents: never[] = [];

/** The Versions tab of the selected tool. */
export function VersionsContainer() {
  // During a run whose lesson set this tool's versions up, the tab shows (and steers) the run's versions.
  const tool = useAppStore(selectRunVersionsTool);
  const lessonRun = useAppStore((state) =>
    state.lessonRun?.tools.some((candidate) => candidate.id === state.selectedToolId) ? state.lessonRun : null,
  );
  const offer = useAppStore((state) => state.lessonOffer);
  const offered = lessonRun ? undefined : offer?.tools.find((candidate) => candidate.id === tool?.id);
  const keepLessonVersions = useAppStore((state) => state.keepLessonVersions);
  const routing = useAppStore((state) => (lessonRun ? lessonRun.settings : state.workspace.settings).canaryRouting ?? 'conversation');
  // A new record object on every event (its events array grows in place), so this follows a live run.
  const run = useAppStore((state) => state.run);
  const actions = useAppStore(
    useShallow((state) => ({
      startNewVersion: state.startNewVersion,
      setCanaryTraffic: state.setCanaryTraffic,
      promoteCanary: state.promoteCanary,
      rollbackTool: state.rollbackTool,
      discardCanary: state.discardCanary,
      updateTool: state.updateTool,
      updateSettings: state.updateSettings,
      notify: state.notify,
    })),
  );
  const rows = useMemo(() => (tool ? versionRows(tool) : []), [tool]);
  const toolName = tool?.name;
  const metrics = useMemo(
    () => runMetrics(liveTimeline(run?.events ?? noEvents)).versions.filter((row) => row.tool === toolName),
    [run, toolName],
  );
  if (!tool) return null;

  const discard = () => {
    const { version, versions, traffic, schemaSource, codeSource } = tool;
    actions.discardCanary(tool.id);
    actions.notify({
      level: 'info',
      message: `Discarded ${version ?? 'the canary'} of ${tool.name}; the editors hold the stable version again.`,
      action: { label: 'Undo', run: () => actions.updateTool(tool.id, { version, versions, traffic, schemaSource, codeSource }) },
    });
  };

  return (
    <VersionsPanel
      toolName={tool.name}
      rows={rows}
      canaryTraffic={trialShare(rows)}
      canRollBack={canRollBack(tool)}
      routing={routing}
      keepOffer={
        offer && offered
          ? {
              text: `The last run of "${offer.scenarioName}" had ${offered.name} ${offered.version ?? ''} (${versionRows(offered)
                .map((row) => `${row.version} ${Math.round(row.traffic * 100)}%`)
                .join(', ')}); your workspace did not keep it.`,
              label: `Keep ${offered.version ?? 'it'}`,
              onKeep: () => keepLessonVersions([offered]),
            }
          : null
      }
      lessonNote={
        lessonRun
          ? `Set up by the lesson "${lessonRun.scenarioName}" for this run only: these are the run's versions. Your workspace, and the Schema and Code tabs, keep your own.`
          : null
      }
      metrics={metrics}
      onNewVersion={() => actions.startNewVersion(tool.id)}
      onTrafficChange={(traffic) => actions.setCanaryTraffic(tool.id, traffic)}
      onPromote={() => actions.promoteCanary(tool.id)}
      onRollback={() => actions.rollbackTool(tool.id)}
      onDiscard={discard}
      onRoutingChange={(canaryRouting) => actions.updateSettings({ canaryRouting })}
    />
  );
}
