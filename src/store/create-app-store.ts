import { devtools } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { AppState } from './app-state.ts';
import { createUiSlice } from './ui-slice.ts';
import { createWorkspaceSlice } from './workspace-slice.ts';
import type { Workspace } from './workspace/workspace-schema.ts';

export interface AppStoreOptions {
  workspace: Workspace;
}

/** The one store. Middleware wraps the combined slices only; every `set` names its action `slice/verb`. */
export function createAppStore({ workspace }: AppStoreOptions) {
  return createStore<AppState>()(
    devtools(
      (...parameters) => ({
        ...createWorkspaceSlice(workspace)(...parameters),
        ...createUiSlice(workspace.tools[0]?.id ?? null)(...parameters),
      }),
      { name: 'Toolscope', enabled: import.meta.env?.DEV ?? false },
    ),
  );
}

export type AppStore = ReturnType<typeof createAppStore>;
