import type { Clock } from '../core/index.ts';
import type { RunHistory } from '../history/index.ts';
import type { ApiKeyStore } from '../llm/index.ts';
import { McpServers } from '../mcp/index.ts';
import { Session, type CompileCache, type ToolRuntime, type WorkspaceProvider } from '../session/index.ts';
import type { AppState, AppStore } from './app-state.ts';
import { createCompareSlice } from './compare-slice.ts';
import { createCompilationSlice } from './compilation-slice.ts';
import { createConversationSlice } from './conversation-slice.ts';
import { createMcpSlice, remoteToolViews } from './mcp-slice.ts';
import { createRegistrySlice } from './registry-slice.ts';
import { createRunHistorySlice } from './run-history-slice.ts';
import { createRunSlice } from './run-slice.ts';
import { createForkSlice } from './fork-slice.ts';
import { animationFrames, FrameBatch, type FrameScheduler } from './frame-batch.ts';
import { createLessonRunSlice } from './lesson-run-slice.ts';
import { RunCheckpoints } from './run-checkpoints.ts';
import { markRunLayerInstalled } from './shell-store.ts';
import { createTestsSlice } from './tests-slice.ts';
import { createStepSlice } from './step-slice.ts';
import { createStoredRunsSlice, historyRecorder } from './stored-runs-slice.ts';
import { createTourSlice } from './tour-slice.ts';
import { createVersionsSlice } from './versions-slice.ts';
import { rememberedScenarioId, type RememberedView } from './view-memory.ts';
import type { StorageLike } from '../workspace/index.ts';

// The run layer joins the shell's store (shell-store.ts): the session (runs, the compile queue) and the
// slices that start runs and mirror them. In the app this happens right after the first paint, from the
// lazily loaded part of the boot (ui/shell/boot-workbench.ts); in tests, at once (create-app-store.ts).

export interface RunLayerOptions {
  /** Where user tools compile and run (the sandbox in the app, in-process in tests). */
  runtime: ToolRuntime;
  apiKeys: ApiKeyStore;
  /** A clock for a run at the given playback speed (1 = real time). */
  createClock(speed: number): Clock;
  /** MCP server connections (tests give one over in-memory transports). */
  mcp?: McpServers;
  /** Where every run is kept (IndexedDB, opened in the background); absent, runs are not kept. */
  history?: Promise<RunHistory>;
  /** How long an edit waits for the next keystroke before it compiles (the session's default: 300 ms). */
  editDelayMs?: number;
  /** Verdicts on sources compiled before (build-time samples, IndexedDB); absent, every tool compiles. */
  compileCache?: CompileCache;
  /** When a run's events reach the store: once per animation frame by default (at once where nothing paints). */
  frames?: FrameScheduler;
  /** What was open before a reload (view-memory.ts): the scenario picked in the Conversation panel. */
  view?: RememberedView | null;
  /** The page whose `pagehide` puts runs still going in `pendingRuns` (run-checkpoints.ts). */
  page?: Pick<Window, 'addEventListener'>;
  /** Synchronous storage (localStorage) for the runs a page leaves while they run. */
  pendingRuns?: StorageLike;
}

/** Every `set` names its action `slice/verb`; runs belong to the session, the slices start them and mirror what they report. */
export function installRunLayer(store: AppStore, options: RunLayerOptions): Session {
  const { runtime, apiKeys, createClock, mcp = new McpServers(), editDelayMs, compileCache, frames = animationFrames() } = options;
  // A run going on is kept as it goes, so a reload in the middle keeps it as "interrupted" (issue 24).
  const checkpoints = options.history ? new RunCheckpoints(options.history, { pending: options.pendingRuns }) : null;
  options.page?.addEventListener('pagehide', () => checkpoints?.leave());
  // The history once the runs a page left behind are in it.
  const history = checkpoints?.history;
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
  // The store shows what the session's compile queue decides, once per frame: 500 imported tools report
  // a thousand times, and the tool list needs to show it only as often as the screen changes.
  const compileStatus = new FrameBatch<null>(frames, () =>
    store.setState({ compilations: session.compiles.compilations }, undefined, 'compilation/update'),
  );
  const parameters = [store.setState, store.getState, store] as const;
  const { compileTool, compileEnabledTools } = createCompilationSlice(session, () => compileStatus.flush())(...parameters);
  store.setState(
    {
      compileTool,
      compileEnabledTools,
      ...createRunSlice(session, frames)(...parameters),
      ...createConversationSlice(
        session,
        apiKeys,
        frames,
        rememberedScenarioId(options.view, store.getState().workspace.scenarios) ?? null,
      )(...parameters),
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
    },
    false,
    'store/installRunLayer',
  );
  // A workspace replaced (import, share link, reset) may drop saved MCP servers: their connections go too,
  // or their tools would stay in runs with nothing on screen to disconnect them.
  store.subscribe((state, previous) => {
    const saved = state.workspace.mcpServers;
    if (saved === previous.workspace.mcpServers) return;
    for (const server of previous.workspace.mcpServers ?? [])
      if (!saved?.some((candidate) => candidate.id === server.id)) void mcp.remove(server.id);
  });
  // The queue is told of every change of the tools (a new tool compiles at once, an edit once the typing
  // pauses) and reports each status back.
  session.compiles.subscribe(() => compileStatus.add(null));
  store.subscribe((state, previous) => {
    if (state.workspace.tools !== previous.workspace.tools) session.compiles.toolsChanged();
  });
  session.compiles.toolsChanged();
  if (history) void store.getState().refreshStoredRuns();
  markRunLayerInstalled(store);
  return session;
}
