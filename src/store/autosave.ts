import { saveWorkspace, type StorageLike } from '../workspace/index.ts';
import type { AppStore } from './create-app-store.ts';

export interface Autosave {
  /** Saves now (Ctrl/Cmd+S) instead of waiting for the debounce. */
  flush(): void;
  stop(): void;
}

/**
 * Saves the workspace shortly after each change. A failed save (storage full, blocked) is reported
 * once per distinct message; the work stays in memory and Export still works.
 */
export function startAutosave(store: AppStore, storage: StorageLike, delayMs = 400): Autosave {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastError: string | null = null;

  const save = () => {
    timer = null;
    const result = saveWorkspace(storage, store.getState().workspace);
    if (result.ok) lastError = null;
    else if (result.message !== lastError) {
      lastError = result.message;
      store.getState().notify({ level: 'error', message: `Could not save: ${result.message}` });
    }
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.workspace === previous.workspace) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  });

  return {
    flush() {
      if (timer) clearTimeout(timer);
      save();
    },
    stop() {
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}
