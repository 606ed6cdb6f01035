import type { StateCreator } from 'zustand/vanilla';
import type { AppMiddlewares, AppState } from './app-state.ts';

export type EditorTab = 'schema' | 'code' | 'definition' | 'settings' | 'versions';

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** Optional action the notice offers, e.g. Undo. */
  action?: { label: string; run(): void };
}

export interface UiSlice {
  selectedToolId: string | null;
  editorTab: EditorTab;
  notices: Notice[];
  selectTool(toolId: string | null): void;
  setEditorTab(tab: EditorTab): void;
  notify(notice: Omit<Notice, 'id'>): number;
  dismissNotice(id: number): void;
}

let nextNoticeId = 1;

export const createUiSlice =
  (selectedToolId: string | null): StateCreator<AppState, AppMiddlewares, [], UiSlice> =>
  (set) => ({
    selectedToolId,
    editorTab: 'code',
    notices: [],
    selectTool: (toolId) => set({ selectedToolId: toolId }, undefined, 'ui/selectTool'),
    setEditorTab: (tab) => set({ editorTab: tab }, undefined, 'ui/setEditorTab'),
    notify(notice) {
      const id = nextNoticeId++;
      set((state) => ({ notices: [...state.notices, { ...notice, id }] }), undefined, 'ui/notify');
      return id;
    },
    dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }), undefined, 'ui/dismissNotice'),
  });
