// The second step of opening the app (boot.ts has painted the shell): the saved workspace checked
// against its schema, the run layer joining the store, the sandbox, the run history, API keys, the
// compile cache's kept verdicts, autosave and the notices of start-up. Everything that touches the
// outside world is created here and injected.
import { messageOf } from '../../core/index.ts';
import { ScaledClock } from '../../core/scaled-clock.ts';
import { RunHistory } from '../../history/index.ts';
import { createApiKeyStore } from '../../llm/index.ts';
import type { SandboxHost } from '../../sandbox/index.ts';
import { CompileCache, type PrecompiledTool } from '../../session/compile/compile-cache.ts';
import { indexedDbCompileStore } from '../../session/compile/indexed-db-compile-store.ts';
import { SandboxToolRuntime } from '../../session/runtime/sandbox-tool-runtime.ts';
import type { AppStore } from '../../store/app-state.ts';
import { startAutosave } from '../../store/autosave.ts';
import { installRunLayer } from '../../store/install-run-layer.ts';
import { legacyKeyEndpoint } from '../../store/key-endpoints.ts';
import { watchRuntimeErrors } from '../../store/runtime-error-watch.ts';
import { rememberView, type RememberedView } from '../../store/view-memory.ts';
import { settleFirstRead } from '../../workspace/settle-first-read.ts';
import type { Workspace } from '../../workspace/workspace-schema.ts';
import {
  describeSamples,
  loadWorkspace,
  sampleCount,
  unofferedSamples,
  type LoadedWorkspace,
  type OpenedStorage,
} from '../../workspace/index.ts';
import { announceSafeMode, loadStartWorkspace, type StartWorkspace } from './safe-mode-start.ts';
import { startupSettled } from './startup-gate.ts';

export { loadStartWorkspace };

export interface WorkbenchBoot {
  opened: OpenedStorage;
  /** The build-time verdicts and the build they are for (virtual:toolscope-compiled-samples). */
  samples: { build: string; precompiled: readonly PrecompiledTool[] };
  /** What the shell opened, taken as it was saved: checked here against the full load. */
  first?: { workspace: Workspace; saved: string | null };
  /** The full load, when the shell had to wait for it (an older or damaged save, safe mode). */
  loaded?: StartWorkspace;
  /** What was open before a reload (view-memory.ts). */
  view: RememberedView | null;
}

export function bootWorkbench(store: AppStore, { opened, samples, first, loaded = loadWorkspace(opened.storage), view }: WorkbenchBoot) {
  const state = store.getState();
  // Changed on the shell before autosave started (a tool added in the first moments): saved below.
  const changedOnShell = first !== undefined && state.workspace !== first.workspace;
  const notice = first ? settleOnScreen(store, first, loaded) : loaded.notice;
  const workspace = store.getState().workspace;

  // The sandbox (with sucrase and zod) is a chunk of its own: nothing before this point waits for it.
  const host: Promise<SandboxHost> = import('../../sandbox/index.ts').then(({ SandboxHost }) =>
    // The sandbox's 3 s limit for a module's top level: zod loads before it starts (module-loader.ts),
    // so a starved machine no longer eats into it, and an endless loop is reported after 3 s, not 10.
    SandboxHost.create({ fetchAllowlist: () => store.getState().workspace.settings.fetchAllowlist ?? [] }),
  );
  installRunLayer(store, {
    runtime: new SandboxToolRuntime(host),
    apiKeys: createApiKeyStore({
      storage: opened.persistent ? opened.storage : undefined,
      legacyEndpoint: legacyKeyEndpoint(workspace),
    }),
    createClock: (speed) => new ScaledClock(speed),
    // Opens in the background: a slow or broken IndexedDB never delays anything.
    history: RunHistory.open(),
    // Unchanged sources never compile again: samples were compiled at build time, a user's tools on an earlier visit.
    compileCache: new CompileCache({ ...samples, store: indexedDbCompileStore() }),
    view,
    // A reload in the middle of a run keeps what it had done up to the last moment (run-checkpoints.ts).
    page: window,
    ...(opened.persistent ? { pendingRuns: opened.storage } : {}),
  });
  rememberView(store, opened.storage);

  if (!opened.persistent && opened.message) state.notify({ level: 'warning', message: opened.message });
  if (notice) state.notify({ level: notice.level, message: notice.message });
  offerNewSamples(store);
  host.catch((error: unknown) =>
    state.notify({
      level: 'error',
      message: `The sandbox could not start, so tools cannot run: ${messageOf(error)}`,
    }),
  );

  // The session compiles every tool from the start (and each tool that appears or changes later); the
  // heavy lazy parts of the UI wait until the first compile of the workspace is done (startup-gate.ts).
  void Promise.all(workspace.tools.map((tool) => store.getState().compileTool(tool.id))).finally(startupSettled);

  // The Code editor marks the line where a tool's code last threw.
  watchRuntimeErrors(store);

  const autosave = startAutosave(store, opened.storage, { page: { window, document } });
  if (changedOnShell && store.getState().workspace === workspace) autosave.flush();
  announceSafeMode(store, opened.storage, loaded, autosave);
  return { flushSave: autosave.flush };
}

/** The full load has the last word on what the shell took as saved; returns the notice to show. */
function settleOnScreen(store: AppStore, first: NonNullable<WorkbenchBoot['first']>, loaded: LoadedWorkspace) {
  const settled = settleFirstRead(first, loaded, store.getState().workspace);
  if (settled.replacement) {
    const replacement = settled.replacement;
    const selected = store.getState().selectedToolId;
    const keeps = replacement.tools.some((tool) => tool.id === selected);
    store.setState(
      { workspace: replacement, selectedToolId: keeps ? selected : (replacement.tools[0]?.id ?? null) },
      false,
      'workspace/checked',
    );
  }
  return settled.notice;
}

/** Samples that came after the saved workspace are offered once; the person decides whether they join it. */
function offerNewSamples(store: AppStore): void {
  const state = store.getState();
  const offered = unofferedSamples(state.workspace);
  if (sampleCount(offered) === 0) return;
  state.markSamplesOffered();
  state.notify({
    level: 'info',
    message: `New samples since this workspace was saved: ${describeSamples(offered)}.`,
    action: { label: 'Add them', run: () => store.getState().addSamples(offered) },
  });
}
