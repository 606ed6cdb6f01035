// Which tool, editor tab and scenario were open, kept beside (not in) the workspace: a reload puts the person back
// where they were, as a browser's devtools reopen the panel you left. Not exported with the workspace
// and not shared: it says where someone was looking, not what they built.
import type { StorageLike } from '../workspace/storage-keys.ts';
import type { StoreApi } from 'zustand/vanilla';
import type { AppState } from './app-state.ts';
import type { EditorTab } from './ui-slice.ts';

export const VIEW_STORAGE_KEY = 'toolscope.view.v1';

const editorTabs: readonly string[] = ['schema', 'code', 'definition', 'settings', 'versions'] satisfies readonly EditorTab[];

export interface RememberedView {
  selectedToolId: string | null;
  /**
   * The tool's name too: a workspace never saved (only looked at) gets new tool ids on every load, and a
   * name is unique within a workspace.
   */
  selectedToolName?: string | null;
  editorTab: EditorTab;
  /** The scenario picked in the Conversation panel (by id, and by name for the same reason as the tool). Optional: older entries. */
  selectedScenarioId?: string | null;
  selectedScenarioName?: string | null;
}

const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * The view saved last, or null when there is none or it cannot be read (the app then opens as new).
 * Checked by hand, not with zod: it is read before the first paint, which does not wait for zod.
 */
export function loadView(storage: StorageLike): RememberedView | null {
  try {
    const saved: unknown = JSON.parse(storage.getItem(VIEW_STORAGE_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return null;
    const { selectedToolId, editorTab, ...optional } = saved as Record<string, unknown>;
    if (!isTextOrNull(selectedToolId) || typeof editorTab !== 'string' || !editorTabs.includes(editorTab)) return null;
    const view: RememberedView = { selectedToolId, editorTab: editorTab as EditorTab };
    for (const key of ['selectedToolName', 'selectedScenarioId', 'selectedScenarioName'] as const) {
      const value = optional[key];
      if (value === undefined) continue;
      if (!isTextOrNull(value)) return null;
      view[key] = value;
    }
    return view;
  } catch {
    return null;
  }
}

/** The remembered tool in this workspace: by id, else by name; undefined when it is gone. */
export function rememberedToolId(
  view: RememberedView | null | undefined,
  tools: readonly { id: string; name: string }[],
): string | undefined {
  if (!view) return undefined;
  return (tools.find((tool) => tool.id === view.selectedToolId) ?? tools.find((tool) => tool.name === view.selectedToolName))?.id;
}

/** The remembered scenario in this workspace: by id, else by name; undefined when it is gone. */
export function rememberedScenarioId(
  view: RememberedView | null | undefined,
  scenarios: readonly { id: string; name: string }[],
): string | undefined {
  if (!view) return undefined;
  return (
    scenarios.find((scenario) => scenario.id === view.selectedScenarioId) ??
    scenarios.find((scenario) => scenario.name === view.selectedScenarioName)
  )?.id;
}

type ViewState = Pick<AppState, 'selectedToolId' | 'editorTab' | 'selectedScenarioId' | 'workspace'>;

/** What is remembered of a state: the selected tool and scenario with their names, and the editor tab. */
function viewOf(state: ViewState): RememberedView {
  return {
    selectedToolId: state.selectedToolId,
    selectedToolName: state.workspace.tools.find((tool) => tool.id === state.selectedToolId)?.name ?? null,
    editorTab: state.editorTab,
    selectedScenarioId: state.selectedScenarioId,
    selectedScenarioName: state.workspace.scenarios.find((scenario) => scenario.id === state.selectedScenarioId)?.name ?? null,
  };
}

/** Saves the selected tool and scenario (and their names, after a rename too) and editor tab whenever they change. Returns the unsubscribe. */
export function rememberView(store: StoreApi<ViewState>, storage: StorageLike): () => void {
  return store.subscribe((state, previous) => {
    // Most changes (a run's events) touch none of it: no lookups for them.
    const same = (['selectedToolId', 'editorTab', 'selectedScenarioId', 'workspace'] as const).every((key) => state[key] === previous[key]);
    if (same) return;
    const view = viewOf(state);
    const before = viewOf(previous);
    if ((Object.keys(view) as (keyof RememberedView)[]).every((key) => view[key] === before[key])) return;
    try {
      storage.setItem(VIEW_STORAGE_KEY, JSON.stringify(view));
    } catch {
      // A full or blocked storage loses only where the person was looking; autosave reports storage trouble.
    }
  });
}
