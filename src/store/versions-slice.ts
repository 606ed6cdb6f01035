// The Versions tab's actions: edits of a tool's versions in the workspace (the model is in
// workspace/tool-versions.ts). Runs read them when they build their executor.
import type { StateCreator } from 'zustand/vanilla';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { discardCanary, promoteCanary, rollbackVersion, setCanaryTraffic, startNewVersion } from '../workspace/tool-versions.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';

export interface VersionsSlice {
  /** Freezes the tool as it is and starts its next version as a canary at 0%. */
  startNewVersion(toolId: string): void;
  /** 0..1; 1 promotes. */
  setCanaryTraffic(toolId: string, traffic: number): void;
  promoteCanary(toolId: string): void;
  /** Undoes the latest canary step; false when there was nothing to undo. */
  rollbackTool(toolId: string): boolean;
  discardCanary(toolId: string): void;
}

export const createVersionsSlice =
  (now: () => Date = () => new Date()): StateCreator<AppState, AppMiddlewares, [], VersionsSlice> =>
  (set, get) => {
    /** Applies `change` to one tool; a null answer means "nothing to do". */
    const change = (toolId: string, action: string, apply: (tool: ToolSource) => ToolSource | null): boolean => {
      const tools = get().workspace.tools;
      const tool = tools.find((candidate) => candidate.id === toolId);
      const changed = tool ? apply(tool) : null;
      if (!changed || changed === tool) return false;
      set(
        (state) => ({
          workspace: { ...state.workspace, tools: tools.map((candidate) => (candidate.id === toolId ? changed : candidate)) },
        }),
        undefined,
        action,
      );
      return true;
    };

    return {
      startNewVersion: (toolId) => void change(toolId, 'versions/startNewVersion', (tool) => startNewVersion(tool, now())),
      setCanaryTraffic: (toolId, traffic) => void change(toolId, 'versions/setCanaryTraffic', (tool) => setCanaryTraffic(tool, traffic)),
      promoteCanary: (toolId) => void change(toolId, 'versions/promote', promoteCanary),
      rollbackTool: (toolId) => change(toolId, 'versions/rollback', rollbackVersion),
      discardCanary: (toolId) => void change(toolId, 'versions/discardCanary', discardCanary),
    };
  };
