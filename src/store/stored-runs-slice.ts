// The Runs list: what the run history (IndexedDB) keeps, mirrored for the UI, and the actions on it.
// The history opens in the background; until then, and if it never opens, the app works as before and
// the list says why it is empty.
import type { StateCreator } from 'zustand/vanilla';
import type { AddResult, NewStoredRun, RunHistory, StoredRunSummary } from '../history/index.ts';
import { createRunFile, type RunFile } from '../trace/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { keptComparison } from './kept-comparison.ts';
import type { RunCheckpoints } from './run-checkpoints.ts';

export interface StoredRunsState {
  status: 'loading' | 'ready' | 'unavailable';
  items: StoredRunSummary[];
  /** Records that failed their check and are not listed. */
  damaged: number;
  problem: string | null;
}

export interface StoredRunsSlice {
  storedRuns: StoredRunsState;
  /** The kept run on show in the timeline and conversation, if one was opened from the list. */
  openedStoredRunId: string | null;
  /** The kept record of the conversation on show, once it has ended: a fork of it names it as its parent. */
  latestStoredRunId: string | null;
  refreshStoredRuns(): Promise<void>;
  /** Shows a kept run as the current run; false (and a notice) if it cannot be read or a run is going. */
  openStoredRun(id: string): Promise<boolean>;
  deleteStoredRun(id: string): Promise<void>;
  removeDamagedRuns(): Promise<void>;
  /** A kept run as a run file, for export. */
  storedRunFile(id: string): Promise<RunFile | null>;
  /** Puts two kept runs side by side in Compare (or says there why not); false when Compare was left as it was. */
  compareStoredRuns(ids: readonly [string, string]): Promise<boolean>;
}

/**
 * Hands ended runs to the history and tells the user when old runs had to go. A run kept as it went
 * (run-checkpoints.ts, by its progress key) has its record replaced by how it ended.
 */
export function historyRecorder(
  history: Promise<RunHistory>,
  getState: () => AppState,
  setLatest: (id: string) => void,
  checkpoints: RunCheckpoints | null = null,
) {
  return (run: NewStoredRun, progressKey?: string): void => {
    void history.then(async (opened) => {
      const id = progressKey === undefined ? undefined : await checkpoints?.finish(progressKey);
      const result = await opened.add(run, id === undefined ? {} : { id });
      // Only a conversation or scenario is what the Conversation panel shows, and so what a fork branches from.
      if (result.id && (run.summary.kind === 'conversation' || run.summary.kind === 'scenario')) setLatest(result.id);
      const { notify, refreshStoredRuns } = getState();
      const notice = evictionNotice(result);
      if (notice) notify(notice);
      if (result.problem && opened.available) notify({ level: 'warning', message: result.problem });
      await refreshStoredRuns();
    });
  };
}

/**
 * What to tell the person about the runs that went to keep a new one. A full storage is a warning; the
 * run limit is not: every run past it drops the oldest, as the Runs list says it keeps the newest.
 */
export function evictionNotice(result: AddResult): { level: 'warning' | 'info'; message: string } | null {
  const runs = (count: number, oldest: string) => (count === 1 ? `the ${oldest} run was` : `the ${count} ${oldest} runs were`);
  if (result.evicted.length > 0)
    return { level: 'warning', message: `Storage is full: ${runs(result.evicted.length, 'oldest')} removed from Runs.` };
  // One at a time is the normal course once the list is full; many at once follow a change of the limit.
  if (result.overLimit.length > 1)
    return {
      level: 'info',
      message: `Runs keeps the ${result.maxRuns} newest runs: ${runs(result.overLimit.length, 'oldest')} removed.`,
    };
  return null;
}

export const createStoredRunsSlice =
  (
    history: Promise<RunHistory> | null,
    checkpoints: RunCheckpoints | null = null,
  ): StateCreator<AppState, AppMiddlewares, [], StoredRunsSlice> =>
  (set, get) => {
    const setRuns = (patch: Partial<StoredRunsState>) =>
      set((state) => ({ storedRuns: { ...state.storedRuns, ...patch } }), undefined, 'storedRuns/list');
    const problemOf = (text: string) => get().notify({ level: 'error', message: text });

    return {
      storedRuns: history
        ? { status: 'loading', items: [], damaged: 0, problem: null }
        : { status: 'unavailable', items: [], damaged: 0, problem: 'Runs are not kept in this session.' },
      openedStoredRunId: null,
      latestStoredRunId: null,

      async refreshStoredRuns() {
        if (!history) return;
        const opened = await history;
        const listed = await opened.list();
        if (!opened.available || listed.problem)
          setRuns({ status: 'unavailable', items: [], damaged: 0, problem: listed.problem ?? opened.problem });
        else {
          // A run still going is in the history already (kept as it goes), but it is not a kept run yet.
          const going = checkpoints?.inProgressIds() ?? new Set<string>();
          setRuns({ status: 'ready', items: listed.runs.filter((run) => !going.has(run.id)), damaged: listed.damaged, problem: null });
        }
      },

      async openStoredRun(id) {
        if (!history) return false;
        const loaded = await (await history).load(id);
        if (!loaded.ok) {
          problemOf(loaded.problem);
          return false;
        }
        const { summary, body } = loaded;
        const file = createRunFile({
          kind: body.timelineKind,
          events: body.events,
          messages: body.messages,
          concurrencyLimit: body.concurrencyLimit,
        });
        if (!get().loadRunFile(file, summary.title)) {
          get().notify({ level: 'warning', message: 'Stop the run first: a run that is going would overwrite the opened one.' });
          return false;
        }
        set({ openedStoredRunId: id }, undefined, 'storedRuns/open');
        // Its last events are from the moment the page went: a call shown running then never ended.
        if (summary.status === 'interrupted')
          set(
            (state) => ({
              conversation: {
                ...state.conversation,
                outcome: `${summary.title}: interrupted, the page was reloaded or closed while it ran. A call still shown running never ended.`,
              },
            }),
            undefined,
            'storedRuns/openInterrupted',
          );
        return true;
      },

      async deleteStoredRun(id) {
        if (!history) return;
        await (await history).remove(id);
        if (get().openedStoredRunId === id) set({ openedStoredRunId: null }, undefined, 'storedRuns/forget');
        await get().refreshStoredRuns();
      },

      async removeDamagedRuns() {
        if (!history) return;
        await (await history).removeDamaged();
        await get().refreshStoredRuns();
      },

      async storedRunFile(id) {
        if (!history) return null;
        const loaded = await (await history).load(id);
        if (!loaded.ok) {
          problemOf(loaded.problem);
          return null;
        }
        const { body } = loaded;
        return createRunFile({
          kind: body.timelineKind,
          events: body.events,
          messages: body.messages,
          concurrencyLimit: body.concurrencyLimit,
        });
      },

      async compareStoredRuns(ids) {
        if (!history) return false;
        const shown = await keptComparison(await history, get().storedRuns.items, ids);
        return get().showKeptComparison(shown);
      },
    };
  };
