// Opens the app in two steps (issue 30). First the shell, from the saved workspace as it was saved:
// the tool list, the layout and each tool's status as far as the compile cache knows it, with no zod,
// session, sandbox or provider code loaded. Then, right after and off the critical path, the rest
// (boot-workbench.ts): the saved workspace checked against its schema, the run layer, the sandbox,
// autosave, and the workbench's other panels.
import { build, precompiled } from 'virtual:toolscope-compiled-samples';
import { CompileCache } from '../../session/compile/compile-cache.ts';
import type { AppStore } from '../../store/app-state.ts';
import { createShellStore } from '../../store/shell-store.ts';
import { loadView } from '../../store/view-memory.ts';
import { readWorkspaceFirst } from '../../workspace/first-read.ts';
import { openBrowserStorage } from '../../workspace/memory-storage.ts';
import { isSafeModeRequest } from '../../workspace/safe-mode-request.ts';
import { loadFeatures } from './lazy-features.tsx';

export interface BootedApp {
  store: AppStore;
  /** Saves the workspace now (Ctrl/Cmd+S); pressed before autosave has started, it saves once it has. */
  flushSave(): void;
}

/**
 * Resolves at once for a save of this version (or a first visit); an older or damaged save, and safe
 * mode, wait for the full load.
 */
export async function bootApp(): Promise<BootedApp> {
  const opened = openBrowserStorage();
  const first = isSafeModeRequest(window.location.search) ? ({ kind: 'needs-full-load' } as const) : readWorkspaceFirst(opened.storage);
  const workbench = import('./boot-workbench.ts');
  // Fetched beside the run layer, not after it: the panels render as soon as both are in.
  void loadFeatures();
  const view = loadView(opened.storage);
  const samples = { build, precompiled };
  if (first.kind === 'ready') {
    const store = createShellStore({ workspace: first.workspace, view, compileCache: new CompileCache(samples) });
    const booting = workbench.then(({ bootWorkbench }) => bootWorkbench(store, { opened, first, samples, view }));
    booting.catch((error: unknown) => reportFailedBoot(store, error));
    return { store, flushSave: () => void booting.then((booted) => booted.flushSave()) };
  }
  // An older or damaged save, storage that cannot be read, or safe mode: the full load decides what
  // opens (and keeps the original aside) before the first paint.
  const { bootWorkbench, loadStartWorkspace } = await workbench;
  const loaded = loadStartWorkspace(opened.storage);
  const store = createShellStore({ workspace: loaded.workspace, view, compileCache: new CompileCache(samples) });
  return { store, flushSave: bootWorkbench(store, { opened, loaded, samples, view }).flushSave };
}

function reportFailedBoot(store: AppStore, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  store.getState().notify({ level: 'error', message: `Part of the app could not load (${detail}). Reload the page to try again.` });
}
