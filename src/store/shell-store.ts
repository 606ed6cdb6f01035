import { devtools } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { CompileCache } from '../session/compile/compile-cache.ts';
import { compilationFromVerdict, languageOf, sourcesKey, type ToolCompilation } from '../session/compile/compile-status.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';
import type { AppState, AppStore, ShellState } from './app-state.ts';
import { createUiSlice } from './ui-slice.ts';
import { rememberedToolId, type RememberedView } from './view-memory.ts';
import { createWorkspaceSlice } from './workspace-slice.ts';

// The store as the first paint has it (issue 30): the workspace, the view and each tool's compile
// status as far as the compile cache knows it, and nothing that needs the run layer (the session, zod,
// the executor, providers, MCP). The run layer's slices join it within moments (install-run-layer.ts);
// until then the few of their actions the shell can call wait for them, and the workbench's other
// panels are not mounted (ui/shell/lazy-features.ts), so nothing reads a slice that is not there yet.

export interface ShellStoreOptions {
  workspace: Workspace;
  /** The tool and editor tab open before a reload (view-memory.ts); a tool that is gone falls back to the first. */
  view?: RememberedView | null;
  /** Verdicts known without compiling (the samples', made at build time): their tools show their status at once. */
  compileCache?: CompileCache;
}

/** Actions of the run layer that the shell offers before it has joined: they wait for it, then run. */
type WaitingAction =
  'compileTool' | 'compileEnabledTools' | 'checkHealth' | 'runTestCall' | 'stopRun' | 'openTour' | 'runScenario' | 'sendMessage';

const installs = new WeakMap<object, { installed: Promise<void>; markInstalled(): void }>();

export function createShellStore({ workspace, view, compileCache }: ShellStoreOptions): AppStore {
  let markInstalled = () => {};
  const installed = new Promise<void>((resolve) => {
    markInstalled = resolve;
  });
  const store = createStore<AppState>()(
    devtools(
      (set, get, api) => {
        const later =
          <Name extends WaitingAction>(name: Name) =>
          (...parameters: Parameters<AppState[Name]>): Promise<void> =>
            installed.then(() => (get()[name] as (...values: Parameters<AppState[Name]>) => unknown)(...parameters)).then(() => undefined);
        const shell: ShellState = {
          ...createWorkspaceSlice(workspace)(set, get, api),
          ...createUiSlice(rememberedToolId(view, workspace.tools) ?? workspace.tools[0]?.id ?? null, view?.editorTab)(set, get, api),
          compilations: knownCompilations(workspace, compileCache),
          compileTool: later('compileTool'),
          compileEnabledTools: later('compileEnabledTools'),
          health: {},
          checkingHealth: false,
          checkHealth: later('checkHealth'),
          runTestCall: later('runTestCall'),
          stopRun: () => void later('stopRun')(),
          openTour: () => void later('openTour')(),
          runScenario: later('runScenario'),
          // Send in the shell's composer (ui/features/conversation/ComposerContainer.tsx) sends once the run layer is in.
          sendMessage: later('sendMessage'),
        };
        // The rest of AppState arrives with the run layer; nothing that reads it is mounted before.
        return shell as AppState;
      },
      { name: 'Toolscope', enabled: import.meta.env?.DEV ?? false },
    ),
  );
  installs.set(store, { installed, markInstalled });
  return store;
}

/** Resolves once the run layer's slices are in the store. */
export function runLayerInstalled(store: AppStore): Promise<void> {
  return installs.get(store)?.installed ?? Promise.resolve();
}

/** Called by install-run-layer.ts once the run layer's slices are in the store. */
export function markRunLayerInstalled(store: AppStore): void {
  installs.get(store)?.markInstalled();
}

/** The status of each tool whose sources have a verdict on record, so the list shows it at first paint. */
function knownCompilations(workspace: Workspace, cache: CompileCache | undefined): Record<string, ToolCompilation> {
  const compilations: Record<string, ToolCompilation> = {};
  if (!cache) return compilations;
  for (const tool of workspace.tools) {
    const key = sourcesKey(tool.schemaSource, tool.codeSource);
    const verdict = cache.lookup(languageOf(tool), key);
    if (verdict) compilations[tool.id] = compilationFromVerdict(key, verdict);
  }
  return compilations;
}
