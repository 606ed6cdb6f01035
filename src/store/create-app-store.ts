import type { Workspace } from '../workspace/workspace-schema.ts';
import type { AppStore } from './app-state.ts';
import { installRunLayer, type RunLayerOptions } from './install-run-layer.ts';
import { createShellStore } from './shell-store.ts';
import type { RememberedView } from './view-memory.ts';

export type { AppStore } from './app-state.ts';

export interface AppStoreOptions extends RunLayerOptions {
  workspace: Workspace;
  /** The tool and editor tab open before a reload (view-memory.ts); a tool that is gone falls back to the first. */
  view?: RememberedView | null;
}

/**
 * The one store, whole at once: the shell's state (shell-store.ts) with the run layer installed
 * (install-run-layer.ts). The app builds it in those two steps, so the first paint waits for neither
 * zod nor the session; tests build it here.
 */
export function createAppStore(options: AppStoreOptions): AppStore {
  const store = createShellStore({ workspace: options.workspace, view: options.view, compileCache: options.compileCache });
  installRunLayer(store, options);
  return store;
}
