// The registry's view of the tools apart from runs: health from the last check, and a discovery search.
// The session answers both as a run would see the tools (src/session/registry-queries.ts).
import type { StateCreator } from 'zustand/vanilla';
import { defaultDiscoveryLimit, type ToolHealth } from '../core/index.ts';
import type { DiscoveredTool, Session } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export type { DiscoveredTool };

export interface DiscoveryState {
  query: string;
  matches: DiscoveredTool[];
  /** Enabled tools not ranked because they have not compiled yet (discovery does not wait for them). */
  compiling: number;
  searching: boolean;
  error: string | null;
}

export interface RegistrySlice {
  /** The last health found per tool id; only tools that have a health check are listed. */
  health: Record<string, ToolHealth>;
  checkingHealth: boolean;
  discovery: DiscoveryState;
  checkHealth(): Promise<void>;
  /** Keeps the answer of a check (Check health, or the one every run starts with). */
  recordHealth(byName: Record<string, ToolHealth>, toolIds: ReadonlyMap<string, string>): void;
  discoverTools(query: string): Promise<void>;
}

const emptyDiscovery: DiscoveryState = { query: '', matches: [], compiling: 0, searching: false, error: null };

export const createRegistrySlice =
  (session: Session): StateCreator<AppState, AppMiddlewares, [], RegistrySlice> =>
  (set, get) => {
    let latestSearch = 0;
    const notifyAll = (warnings: readonly string[]) => {
      for (const message of warnings) get().notify({ level: 'warning', message });
    };

    return {
      health: {},
      checkingHealth: false,
      discovery: emptyDiscovery,

      async checkHealth() {
        if (get().checkingHealth) return;
        set({ checkingHealth: true }, undefined, 'registry/checkHealthStart');
        const answer = await session.checkHealth();
        if (answer.ok) {
          get().recordHealth(answer.report.health, answer.report.toolIds);
          notifyAll(answer.warnings);
        } else get().notify({ level: 'error', message: `Check health failed: ${answer.error}` });
        set({ checkingHealth: false }, undefined, 'registry/checkHealthEnd');
      },

      recordHealth(byName, toolIds) {
        const health: Record<string, ToolHealth> = {};
        for (const [name, status] of Object.entries(byName)) {
          const toolId = toolIds.get(name);
          if (toolId) health[toolId] = status;
        }
        set({ health }, undefined, 'registry/recordHealth');
      },

      async discoverTools(query) {
        const search = ++latestSearch;
        if (!query.trim()) {
          set({ discovery: { ...emptyDiscovery, query } }, undefined, 'registry/discoverClear');
          return;
        }
        set((state) => ({ discovery: { ...state.discovery, query, searching: true, error: null } }), undefined, 'registry/discoverStart');
        const limit = get().workspace.settings.toolSelection?.limit ?? defaultDiscoveryLimit;
        const answer = await session.discoverTools(query, limit);
        // A newer query is on its way; its answer is the one to show.
        if (search !== latestSearch) return;
        if (!answer.ok) {
          set({ discovery: { ...emptyDiscovery, query, error: answer.error } }, undefined, 'registry/discoverEnd');
          return;
        }
        const { matches, compiling, health, toolIds } = answer.report;
        // Unhealthy tools are left out of discovery, as they are out of a run.
        get().recordHealth(health, toolIds);
        set({ discovery: { query, matches, compiling, searching: false, error: null } }, undefined, 'registry/discoverEnd');
      },
    };
  };
