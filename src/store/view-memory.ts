// Which tool and editor tab were open, kept beside (not in) the workspace: a reload puts the person back
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
}

const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * The view saved last, or null when there is none or it cannot be read (the app then opens as new).
 * Checked by hand, not with zod: it is read before the first paint, which does not wait for zod.
 */
export function loadView(storage: StorageLike): RememberedView | null {
  try {
    const saved: unknown = JSON.parse(storage.getItem(VIEW_STORAGE_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return null;
    const { selectedToolId, selectedToolName, editorTab } = saved as Record<string, unknown>;
    if (!isTextOrNull(selectedToolId) || !(selectedToolName === undefined || isTextOrNull(selectedToolName))) return null;
    if (typeof editorTab !== 'string' || !editorTabs.includes(editorTab)) return null;
    return {
      selectedToolId: selectedToolId as string | null,
      ...(selectedToolName === undefined ? {} : { selectedToolName: selectedToolName as string | null }),
      editorTab: editorTab as EditorTab,
    };
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

/** Saves the selected tool (and its name, after a rename too) and editor tab whenever they change. Returns the unsubscribe. */
export function rememberView(
  store: StoreApi<Pick<AppState, 'selectedToolId' | 'editorTab' | 'workspace'>>,
  storage: StorageLike,
): () => void {
  return store.subscribe((state, previous) => {
    const selectedToolName = state.workspace.tools.find((tool) => tool.id === state.selectedToolId)?.name ?? null;
    const previousName = previous.workspace.tools.find((tool) => tool.id === previous.selectedToolId)?.name ?? null;
    if (state.selectedToolId === previous.selectedToolId && state.editorTab === previous.editorTab && selectedToolName === previousName)
      return;
    const view: RememberedView = { selectedToolId: state.selectedToolId, selectedToolName, editorTab: state.editorTab };
    try {
      storage.setItem(VIEW_STORAGE_KEY, JSON.stringify(view));
    } catch {
      // A full or blocked storage loses only where the person was looking; autosave reports storage trouble.
    }
  });
}
