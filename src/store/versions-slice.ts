// The Versions tab's actions. Each is core's rule (ToolVersions, through workspace/saved-versions.ts) on the
// tool's saved versions, so later runs build their executor with it; steps on traffic are also taken in
// the running conversation's executor (Session.changeLiveVersions), so its later calls follow at once.
// During a run whose lesson set a tool's versions up (lesson-run-slice.ts), steps on that tool act on the
// run's versions only: the person's workspace never had them.
import type { StateCreator } from 'zustand/vanilla';
import type { Session, VersionStep } from '../session/index.ts';
import { currentVersionLabel, discardVersion, rollbackVersion, setVersionTraffic, startNewVersion } from '../workspace/saved-versions.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export interface VersionsSlice {
  /** Freezes the tool as it is and deploys its next version (in the editors) as a canary at 0%. */
  startNewVersion(toolId: string): void;
  /** The editors' version gets this share, 0..1; 1 promotes it. */
  setCanaryTraffic(toolId: string, traffic: number): void;
  promoteCanary(toolId: string): void;
  /** Undoes the latest step, in the running conversation too; false when there was nothing to undo. */
  rollbackTool(toolId: string): boolean;
  discardCanary(toolId: string): void;
}

export const createVersionsSlice =
  (
    session: Pick<Session, 'changeLiveVersions'> | null = null,
    now: () => Date = () => new Date(),
  ): StateCreator<AppState, AppMiddlewares, [], VersionsSlice> =>
  (set, get) => {
    /** Applies `change` to one tool; a null answer means "nothing to do". */
    const change = (toolId: string, action: string, apply: (tool: ToolSource) => ToolSource | null, live?: VersionStep): boolean => {
      const lessonTool = get().lessonRun?.tools.find((candidate) => candidate.id === toolId);
      if (lessonTool) return changeLessonTool(lessonTool, apply, live);
      const tools = get().workspace.tools;
      const tool = tools.find((candidate) => candidate.id === toolId);
      const changed = tool ? apply(tool) : null;
      if (!tool || !changed || changed === tool) return false;
      set(
        (state) => ({
          workspace: { ...state.workspace, tools: tools.map((candidate) => (candidate.id === toolId ? changed : candidate)) },
        }),
        undefined,
        action,
      );
      const problem = live && session ? session.changeLiveVersions(tool.name, live) : null;
      if (problem) get().notify({ level: 'warning', message: problem });
      return true;
    };
    const changeLessonTool = (tool: ToolSource, apply: (tool: ToolSource) => ToolSource | null, live?: VersionStep): boolean => {
      if (!live) {
        get().notify({
          level: 'warning',
          message: `${tool.name}'s versions are the lesson's during this run; keep them when it ends to change them.`,
        });
        return false;
      }
      const changed = apply(tool);
      if (!changed || changed === tool) return false;
      get().updateLessonTool(changed);
      const problem = session ? session.changeLiveVersions(tool.name, live) : null;
      if (problem) get().notify({ level: 'warning', message: problem });
      return true;
    };
    const setShare = (toolId: string, traffic: number, action: string) => {
      const tool =
        get().lessonRun?.tools.find((candidate) => candidate.id === toolId) ??
        get().workspace.tools.find((candidate) => candidate.id === toolId);
      if (!tool) return;
      const version = currentVersionLabel(tool);
      const ratio = Math.min(1, Math.max(0, traffic));
      change(toolId, action, (current) => setVersionTraffic(current, version, ratio), { kind: 'set-traffic', version, ratio });
    };

    return {
      startNewVersion: (toolId) => void change(toolId, 'versions/startNewVersion', (tool) => startNewVersion(tool, now())),
      setCanaryTraffic: (toolId, traffic) => setShare(toolId, traffic, 'versions/setCanaryTraffic'),
      promoteCanary: (toolId) => setShare(toolId, 1, 'versions/promote'),
      rollbackTool: (toolId) => change(toolId, 'versions/rollback', rollbackVersion, { kind: 'rollback' }),
      discardCanary: (toolId) => void change(toolId, 'versions/discardCanary', discardVersion),
    };
  };
