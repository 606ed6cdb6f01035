import { devtools } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { Clock } from '../core/index.ts';
import type { RunHistory } from '../history/index.ts';
import type { ApiKeyStore } from '../llm/index.ts';
import { McpServers } from '../mcp/index.ts';
import { Session, type CompileCache, type ToolRuntime, type WorkspaceProvider } from '../session/index.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';
import type { AppState } from './app-state.ts';
import { createCompareSlice } from './compare-slice.ts';
import { createCompilationSlice } from './compilation-slice.ts';
import { createConversationSlice } from './conversation-slice.ts';
import { createLessonRunSlice } from './lesson-run-slice.ts';
import { createMcpSlice, remoteToolViews } from './mcp-slice.ts';
import { createRegistrySlice } from './registry-slice.ts';
import { createRunHistorySlice } from './run-history-slice.ts';
import { createRunSlice } from './run-slice.ts';
import { createForkSlice } from './fork-slice.ts';
import { animationFrames, type FrameScheduler } from './frame-batch.ts';
import { createTestsSlice } from './tests-slice.ts';
import { createStepSlice } from './step-slice.ts';
import { RunCheckpoints } from './run-checkpoints.ts';
import { createStoredRunsSlice, historyRecorder } from './stored-runs-slice.ts';
import { createTourSlice } from './tour-slice.ts';
import { createUiSlice } from './ui-slice.ts';
import { rememberedScenarioId, rememberedToolId, type RememberedView } from './view-memory.ts';
import { createVersionsSlice } from './versions-slice.ts';
import { createWorkspaceSlice } from './workspace-slice.ts';

export interface AppStoreOptions {
  workspace: Workspace;
  /** Where user tools compile and run (the sandbox in the app, in-process in tests). */
  runtime: ToolRuntime;
  apiKeys: ApiKeyStore;
  /** A clock for a run at the given playback speed (1 = real time). */
  createClock(speed: number): Clock;
  /** MCP server connections (tests give one over in-memory transports). */
  mcp?: McpServers;
  /** Where every run is kept (IndexedDB, opened in the background); absent, runs are not kept. */
  history?: Promise<RunHistory>;
  /** The tool and editor tab open before a reload (view-memory.ts); a tool that is gone falls back to the first. */
  view?: RememberedView | null;
  /** When a run's events reach the store: once per animation frame by default (at once where nothing paints). */
  frames?: FrameScheduler;
  /** How long an edit waits for the next keystroke before it compiles (the session's default: 300 ms). */
  editDelayMs?: number;
  /** Verdicts on sources compiled before (build-time samples, IndexedDB); absent, every tool compiles. */
  compileCache?: CompileCache;
}

/**
 * The one store. Middleware wraps the combined slices only; every `set` names its action `slice/verb`.
 * Runs belong to the session (src/session); the slices start them and mirror what they report.
 */
export function createAppStore({
  workspace,
  runtime,
  apiKeys,
  createClock,
  mcp = new McpServers(),
  history,
  view: remembered,
  frames = animationFrames(),
  editDelayMs,
  compileCache,
}: AppStoreOptions) {
  // A run going on is kept as it goes, so a reload in the middle keeps it as "interrupted" (issue 24).
  const checkpoints = history ? new RunCheckpoints(history) : null;
  const session = new Session({
    runtime,
    apiKeys,
    createClock,
    ...(editDelayMs === undefined ? {} : { editDelayMs }),
    ...(compileCache ? { compileCache } : {}),
    recordRun: history
      ? historyRecorder(
          history,
          (): AppState => store.getState(),
          (id) => store.setState({ latestStoredRunId: id }),
          checkpoints,
        )
      : undefined,
    recordProgress: checkpoints ? (key, snapshot) => checkpoints.progress(key, snapshot) : undefined,
    workspace: {
      current: (): ReturnType<WorkspaceProvider['current']> => {
        const state: AppState = store.getState();
        return { workspace: state.workspace, remoteTools: remoteToolViews(state) };
      },
      focusedToolId: (): string | null => store.getState().selectedToolId,
    },
  });
  const store = createStore<AppState>()(
    devtools(
      (...parameters) => ({
        ...createWorkspaceSlice(workspace)(...parameters),
        ...createUiSlice(
          rememberedToolId(remembered, workspace.tools) ?? workspace.tools[0]?.id ?? null,
          remembered?.editorTab,
        )(...parameters),
        ...createCompilationSlice(session)(...parameters),
        ...createRunSlice(session, frames)(...parameters),
        ...createConversationSlice(session, apiKeys, frames, rememberedScenarioId(remembered, workspace.scenarios) ?? null)(...parameters),
        ...createLessonRunSlice()(...parameters),
        ...createRunHistorySlice()(...parameters),
        ...createStoredRunsSlice(history ?? null, checkpoints)(...parameters),
        ...createStepSlice()(...parameters),
        ...createForkSlice()(...parameters),
        ...createTestsSlice(session)(...parameters),
        ...createCompareSlice(session)(...parameters),
        ...createRegistrySlice(session)(...parameters),
        ...createVersionsSlice(session)(...parameters),
        ...createTourSlice()(...parameters),
        ...createMcpSlice(mcp, apiKeys)(...parameters),
      }),
      { name: 'Toolscope', enabled: import.meta.env?.DEV ?? false },
    ),
  );
  // A workspace replaced (import, share link, reset) may drop saved MCP servers: their connections go too,
  // or their tools would stay in runs with nothing on screen to disconnect them.
  store.subscribe((state, previous) => {
    const saved = state.workspace.mcpServers;
    if (saved === previous.workspace.mcpServers) return;
    for (const server of previous.workspace.mcpServers ?? [])
      if (!saved?.some((candidate) => candidate.id === server.id)) void mcp.remove(server.id);
  });
  // The store shows what the session's compile queue decides: told of every change of the tools (a new
  // tool compiles at once, an edit once the typing pauses), it reports each status back here.
  session.compiles.subscribe((compilations) => store.setState({ compilations }, undefined, 'compilation/update'));
  store.subscribe((state, previous) => {
    if (state.workspace.tools !== previous.workspace.tools) session.compiles.toolsChanged();
  });
  session.compiles.toolsChanged();
  if (history) void store.getState().refreshStoredRuns();
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
