import { devtools } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { AppState } from './app-state.ts';
import { createCompareSlice } from './compare-slice.ts';
import { createCompilationSlice } from './compilation-slice.ts';
import { createConversationSlice, type ConversationDependencies } from './conversation-slice.ts';
import { createRegistrySlice } from './registry-slice.ts';
import { createRunHistorySlice } from './run-history-slice.ts';
import { createRunSlice, type RunDependencies } from './run-slice.ts';
import { createTourSlice } from './tour-slice.ts';
import { createUiSlice } from './ui-slice.ts';
import { createVersionsSlice } from './versions-slice.ts';
import { createWorkspaceSlice } from './workspace-slice.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';

export interface AppStoreOptions extends RunDependencies, ConversationDependencies {
  workspace: Workspace;
}

/** The one store. Middleware wraps the combined slices only; every `set` names its action `slice/verb`. */
export function createAppStore({ workspace, ...dependencies }: AppStoreOptions) {
  return createStore<AppState>()(
    devtools(
      (...parameters) => ({
        ...createWorkspaceSlice(workspace)(...parameters),
        ...createUiSlice(workspace.tools[0]?.id ?? null)(...parameters),
        ...createCompilationSlice(dependencies.runtime)(...parameters),
        ...createRunSlice(dependencies)(...parameters),
        ...createConversationSlice(dependencies)(...parameters),
        ...createRunHistorySlice()(...parameters),
        ...createCompareSlice(dependencies)(...parameters),
        ...createRegistrySlice(dependencies)(...parameters),
        ...createVersionsSlice()(...parameters),
        ...createTourSlice()(...parameters),
      }),
      { name: 'Toolscope', enabled: import.meta.env?.DEV ?? false },
    ),
  );
}

export type AppStore = ReturnType<typeof createAppStore>;
