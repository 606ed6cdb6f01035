import type { StateCreator } from 'zustand/vanilla';
import type { AppMiddlewares, AppState } from './app-state.ts';
import type { RuntimeError } from './runtime-error-watch.ts';
import type { TourLayout } from '../tour/index.ts';

export type EditorTab = 'schema' | 'code' | 'definition' | 'settings' | 'versions';
export type TimelineTab = 'timeline' | 'metrics' | 'compare' | 'runs' | 'tests';

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** Optional action the notice offers, e.g. Undo. */
  action?: { label: string; run(): void };
}

/**
 * The call selected in the timeline, its table and inspector, and highlighted in the conversation. It
 * belongs to one run: a new run starts with none. A tool-call chip knows only its call id; the timeline
 * knows the call's key (an id a run reuses gets a suffix), so either may be set.
 */
export interface CallSelection {
  runId: number | null;
  /** A call's key in the timeline, or `model:<index>` for a model call. */
  key: string | null;
  toolCallId: string | null;
}

export interface UiSlice {
  selectedToolId: string | null;
  editorTab: EditorTab;
  timelineTab: TimelineTab;
  /**
   * How often the person opened each view ('editor:definition', 'timeline:metrics', ...), counting a click
   * on the tab already open: the tour checks a view was opened during a chapter, not merely on show.
   */
  viewOpenings: Record<string, number>;
  notices: Notice[];
  selectedCall: CallSelection | null;
  /** Presenter mode: the timeline fills the screen at twice the size, for a projector. */
  presenting: boolean;
  /**
   * The timeline's Table and Inspector switches, one pair per mode: here, not in the panel, because the
   * panel is rebuilt on entering and leaving presenter mode and the person's choice must outlive that.
   */
  timelinePanes: Record<'workbench' | 'presenter', { table: boolean; inspector: boolean }>;
  /** Presenter mode's side column: the conversation strip (folded away, the chart takes the width) and a Versions panel. */
  presenterPanels: { conversation: boolean; versions: boolean };
  setPresenterPanels(panels: { conversation: boolean; versions: boolean }): void;
  /** The tool list is asking for the name of a new tool. */
  creatingTool: boolean;
  /**
   * The message being written in the conversation's composer: here, not in the panel, because the shell
   * draws a composer before the conversation panel loads (issue 30) and the text must carry over.
   */
  messageDraft: string;
  setMessageDraft(text: string): void;
  /** Where each tool's code last threw when it ran (by tool id), for a marker in the Code editor. */
  runtimeErrors: Record<string, RuntimeError>;
  /** A layout a tour chapter asked for (the workbench applies it); a new object for each request. */
  layoutRequest: { layout: TourLayout } | null;
  requestLayout(layout: TourLayout): void;
  selectTool(toolId: string | null): void;
  setEditorTab(tab: EditorTab): void;
  setTimelineTab(tab: TimelineTab): void;
  notify(notice: Omit<Notice, 'id'>): number;
  dismissNotice(id: number): void;
  /** Selects a call of the current run by its timeline key or its tool call id; null clears. */
  selectCall(call: { key?: string | null; toolCallId?: string | null } | null): void;
  setPresenting(presenting: boolean): void;
  setTimelinePanes(mode: 'workbench' | 'presenter', panes: { table: boolean; inspector: boolean }): void;
  setCreatingTool(creating: boolean): void;
  /** New runtime errors, or null for a tool whose last call succeeded. */
  recordRuntimeErrors(updates: Map<string, RuntimeError | null>): void;
}

let nextNoticeId = 1;

const opened = (openings: Record<string, number>, view: string) => ({ ...openings, [view]: (openings[view] ?? 0) + 1 });

export const createUiSlice =
  (selectedToolId: string | null, editorTab: EditorTab = 'code'): StateCreator<AppState, AppMiddlewares, [], UiSlice> =>
  (set, get) => ({
    selectedToolId,
    editorTab,
    timelineTab: 'timeline',
    viewOpenings: {},
    notices: [],
    selectedCall: null,
    presenting: false,
    // Presenter mode starts with both folded: the chart gets the screen until they are asked for.
    timelinePanes: { workbench: { table: true, inspector: true }, presenter: { table: false, inspector: false } },
    presenterPanels: { conversation: true, versions: false },
    setPresenterPanels: (panels) => set({ presenterPanels: panels }, undefined, 'ui/setPresenterPanels'),
    creatingTool: false,
    messageDraft: '',
    setMessageDraft: (text) => set({ messageDraft: text }, undefined, 'ui/setMessageDraft'),
    runtimeErrors: {},
    layoutRequest: null,
    requestLayout: (layout) => set({ layoutRequest: { layout } }, undefined, 'ui/requestLayout'),
    selectTool: (toolId) => set({ selectedToolId: toolId }, undefined, 'ui/selectTool'),
    setEditorTab: (tab) =>
      set((state) => ({ editorTab: tab, viewOpenings: opened(state.viewOpenings, `editor:${tab}`) }), undefined, 'ui/setEditorTab'),
    setTimelineTab: (tab) =>
      set((state) => ({ timelineTab: tab, viewOpenings: opened(state.viewOpenings, `timeline:${tab}`) }), undefined, 'ui/setTimelineTab'),
    notify(notice) {
      const id = nextNoticeId++;
      set((state) => ({ notices: [...state.notices, { ...notice, id }] }), undefined, 'ui/notify');
      return id;
    },
    dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }), undefined, 'ui/dismissNotice'),
    selectCall: (call) =>
      set(
        { selectedCall: call && { runId: get().run?.id ?? null, key: call.key ?? null, toolCallId: call.toolCallId ?? null } },
        undefined,
        'ui/selectCall',
      ),
    // Presenter mode opens on the chart, whichever timeline view was on show (as before the tab was kept here).
    setPresenting: (presenting) =>
      set((state) => ({ presenting, timelineTab: presenting ? 'timeline' : state.timelineTab }), undefined, 'ui/setPresenting'),
    setTimelinePanes: (mode, panes) =>
      set((state) => ({ timelinePanes: { ...state.timelinePanes, [mode]: panes } }), undefined, 'ui/setTimelinePanes'),
    setCreatingTool: (creating) => set({ creatingTool: creating }, undefined, 'ui/setCreatingTool'),
    recordRuntimeErrors(updates) {
      const runtimeErrors = { ...get().runtimeErrors };
      for (const [toolId, error] of updates) {
        if (error) runtimeErrors[toolId] = error;
        else delete runtimeErrors[toolId];
      }
      set({ runtimeErrors }, undefined, 'ui/recordRuntimeErrors');
    },
  });
