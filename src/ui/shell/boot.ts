// Wires the app together once, before the first render: storage, the saved workspace, the sandbox,
// the store and autosave. Everything that touches the outside world is created here and injected.
import { messageOf } from '../../core/index.ts';
import { ScaledClock } from '../../core/scaled-clock.ts';
import { RunHistory } from '../../history/index.ts';
import { createApiKeyStore } from '../../llm/index.ts';
import type { SandboxHost } from '../../sandbox/index.ts';
import { startAutosave } from '../../store/autosave.ts';
import { legacyKeyEndpoint } from '../../store/key-endpoints.ts';
import { loadView, rememberView } from '../../store/view-memory.ts';
import { watchRuntimeErrors } from '../../store/runtime-error-watch.ts';
import { createAppStore, type AppStore } from '../../store/create-app-store.ts';
import { SandboxToolRuntime } from '../../session/runtime/sandbox-tool-runtime.ts';
import { CompileCache } from '../../session/compile/compile-cache.ts';
import { indexedDbCompileStore } from '../../session/compile/indexed-db-compile-store.ts';
import { build, precompiled } from 'virtual:toolscope-compiled-samples';
import { describeSamples, openBrowserStorage, sampleCount, unofferedSamples } from '../../workspace/index.ts';
import { announceSafeMode, loadStartWorkspace } from './safe-mode-start.ts';
import { startupSettled } from './startup-gate.ts';

export interface BootedApp {
  store: AppStore;
  flushSave(): void;
}

export function bootApp(): BootedApp {
  const opened = openBrowserStorage();
  const loaded = loadStartWorkspace(opened.storage);

  let store: AppStore | null = null;
  // The sandbox (with sucrase and zod) is a chunk of its own, fetched while the shell renders: the
  // first paint does not wait for it (issue 15).
  const host: Promise<SandboxHost> = import('../../sandbox/index.ts').then(({ SandboxHost }) =>
    // The sandbox's 3 s limit for a module's top level: zod loads before it starts (module-loader.ts),
    // so a starved machine no longer eats into it, and an endless loop is reported after 3 s, not 10.
    SandboxHost.create({ fetchAllowlist: () => store?.getState().workspace.settings.fetchAllowlist ?? [] }),
  );
  const runtime = new SandboxToolRuntime(host);
  store = createAppStore({
    workspace: loaded.workspace,
    runtime,
    apiKeys: createApiKeyStore({
      storage: opened.persistent ? opened.storage : undefined,
      legacyEndpoint: legacyKeyEndpoint(loaded.workspace),
    }),
    createClock: (speed) => new ScaledClock(speed),
    // Opens in the background: a slow or broken IndexedDB never delays the first paint.
    history: RunHistory.open(),
    view: loadView(opened.storage),
    // Unchanged sources never compile again: samples were compiled at build time, a user's tools on an earlier visit.
    compileCache: new CompileCache({ build, precompiled, store: indexedDbCompileStore() }),
  });
  rememberView(store, opened.storage);

  const state = store.getState();
  if (!opened.persistent && opened.message) state.notify({ level: 'warning', message: opened.message });
  if (loaded.notice) state.notify({ level: loaded.notice.level, message: loaded.notice.message });
  offerNewSamples(store);
  host.catch((error: unknown) =>
    state.notify({
      level: 'error',
      message: `The sandbox could not start, so tools cannot run: ${messageOf(error)}`,
    }),
  );

  // The session compiles every tool from the start (and each tool that appears or changes later); the
  // heavy lazy parts of the UI wait until the first compile of the workspace is done (startup-gate.ts).
  void Promise.all(loaded.workspace.tools.map((tool) => state.compileTool(tool.id))).finally(startupSettled);

  // The Code editor marks the line where a tool's code last threw.
  watchRuntimeErrors(store);

  const autosave = startAutosave(store, opened.storage, { page: { window, document } });
  announceSafeMode(store, opened.storage, loaded, autosave);
  return { store, flushSave: autosave.flush };
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
