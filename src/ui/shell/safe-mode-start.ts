// Start-up in safe mode (`?safe-mode`, offered by every error fallback and by index.html while the app
// loads): the saved workspace is kept aside and a new default one opens, with a notice that can put the
// kept one back. Kept apart from boot.ts, which only asks which workspace to start with.
import type { Autosave } from '../../store/autosave.ts';
import type { AppStore } from '../../store/app-state.ts';
import {
  isSafeModeRequest,
  loadSafeMode,
  loadWorkspace,
  restoreKeptCopy,
  SAFE_MODE_PARAMETER,
  type LoadedWorkspace,
  type StorageLike,
  type WorkspaceNotice,
} from '../../workspace/index.ts';

export interface StartWorkspace extends LoadedWorkspace {
  /** Set in safe mode: shown with its action by `announceSafeMode` once autosave runs. */
  safeModeNotice?: WorkspaceNotice;
}

/** The saved workspace, or in safe mode a new one (the saved one kept aside). */
export function loadStartWorkspace(storage: StorageLike, location: Location = window.location): StartWorkspace {
  if (!isSafeModeRequest(location.search)) return loadWorkspace(storage);
  // The parameter goes, so that a reload starts normally with what this session saves.
  const url = new URL(location.href);
  url.searchParams.delete(SAFE_MODE_PARAMETER);
  history.replaceState(history.state, '', url);
  const { workspace, notice } = loadSafeMode(storage);
  return notice ? { workspace, safeModeNotice: notice } : { workspace };
}

/** Says safe mode is on, and offers to start again with the workspace it kept aside. */
export function announceSafeMode(store: AppStore, storage: StorageLike, loaded: StartWorkspace, autosave: Autosave): void {
  const notice = loaded.safeModeNotice;
  if (!notice) return;
  const keptKey = notice.keptCopyKey;
  store.getState().notify({
    level: notice.level,
    message: notice.message,
    ...(keptKey
      ? {
          action: {
            label: 'Open my workspace again',
            run() {
              // What this session changed is saved and kept aside too, then the kept workspace goes back.
              autosave.flush();
              const restored = restoreKeptCopy(storage, keptKey);
              if (!restored.ok) {
                store.getState().notify({ level: 'error', message: `Could not open the kept workspace: ${restored.message}.` });
                return;
              }
              autosave.stop();
              window.location.reload();
            },
          },
        }
      : {}),
  });
}
