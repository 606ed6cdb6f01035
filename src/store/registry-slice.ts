// The registry's view of the tools apart from runs: health from the last check, and a discovery search.
// Both build an executor from the workspace (build-tool-executor.ts), so they see what a run would see.
import type { StateCreator } from 'zustand/vanilla';
import { defaultDiscoveryLimit, type Clock, type ToolHealth } from '../core/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { buildToolExecutor, type ToolExecutorSetup } from './runtime/build-tool-executor.ts';
import type { ToolRuntime } from './runtime/tool-runtime.ts';

export interface DiscoveredTool {
  name: string;
  /** Cosine similarity of the query and the tool's text, 0..1. */
  score: number;
}

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

export interface RegistryDependencies {
  runtime: ToolRuntime;
  createClock(speed: number): Clock;
}

const emptyDiscovery: DiscoveryState = { query: '', matches: [], compiling: 0, searching: false, error: null };

export const createRegistrySlice =
  ({ runtime, createClock }: RegistryDependencies): StateCreator<AppState, AppMiddlewares, [], RegistrySlice> =>
  (set, get) => {
    /**
     * Check health waits for the enabled tools to compile, as a run does; a search as you type does not
     * (start-up compiles take seconds) and ranks the tools compiled so far.
     */
    async function prepare(waitForCompiles: boolean): Promise<ToolExecutorSetup> {
      if (waitForCompiles) await get().compileEnabledTools();
      const { settings } = get().workspace;
      const setup = await buildToolExecutor(get(), runtime, {
        timeoutMs: settings.timeoutMs,
        retry: settings.retry,
        clock: createClock(settings.speed),
      });
      // Unhealthy tools are left out of discovery, as they are out of a run.
      get().recordHealth(await setup.executor.checkHealth(), setup.toolIds);
      return setup;
    }
    let latestSearch = 0;

    return {
      health: {},
      checkingHealth: false,
      discovery: emptyDiscovery,

      async checkHealth() {
        if (get().checkingHealth) return;
        set({ checkingHealth: true }, undefined, 'registry/checkHealthStart');
        try {
          await prepare(true);
        } finally {
          set({ checkingHealth: false }, undefined, 'registry/checkHealthEnd');
        }
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
        let discovery: DiscoveryState;
        try {
          const { executor, toolIds } = await prepare(false);
          const limit = get().workspace.settings.toolSelection?.limit ?? defaultDiscoveryLimit;
          const matches = await executor.discover(query, limit);
          const compiling = get().workspace.tools.filter((tool) => tool.enabled && !toolIds.has(tool.name)).length;
          discovery = {
            query,
            matches: matches.map((match) => ({ name: match.definition.name, score: match.score })),
            compiling,
            searching: false,
            error: null,
          };
        } catch (error) {
          discovery = { query, matches: [], compiling: 0, searching: false, error: error instanceof Error ? error.message : String(error) };
        }
        // A newer query is on its way; its answer is the one to show.
        if (search === latestSearch) set({ discovery }, undefined, 'registry/discoverEnd');
      },
    };
  };
