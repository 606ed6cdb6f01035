import type { StateCreator } from 'zustand/vanilla';
import type { RunFile } from '../trace/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { callStatusOf } from '../trace/index.ts';
import { newId } from '../workspace/new-id.ts';

export interface LoadedRun {
  /** The run record's id (negative: never one of RunControl's). */
  runId: number;
  fileName: string;
  concurrencyLimit: number | null;
}

export interface RunHistorySlice {
  /** Set while the run on show came from a file rather than from a run in this session. */
  loadedRun: LoadedRun | null;
  /** Shows a run file's events and conversation as the current run (not while a run is going). */
  loadRunFile(file: RunFile, fileName: string): boolean;
}

let loadedRuns = 0;

export const createRunHistorySlice = (): StateCreator<AppState, AppMiddlewares, [], RunHistorySlice> => (set, get) => ({
  loadedRun: null,

  loadRunFile(file, fileName) {
    const state = get();
    // A run still going would overwrite the conversation when it ends.
    if (state.conversation.running || Object.values(state.testCalls).some((call) => call.running)) return false;
    const runId = -++loadedRuns;
    const callStatus = callStatusOf(file.events, file.messages);
    set(
      {
        run: { id: runId, kind: file.kind, events: file.events, version: file.events.length },
        loadedRun: { runId, fileName, concurrencyLimit: file.concurrencyLimit ?? null },
        // Not a kept run until openStoredRun says which one it is.
        openedStoredRunId: null,
        latestStoredRunId: null,
        conversation: {
          id: newId(),
          messages: file.messages,
          offeredTools: {},
          running: false,
          callStatus,
          outcome: `Loaded from ${fileName}`,
          error: null,
        },
      },
      undefined,
      'runHistory/load',
    );
    return true;
  },
});
