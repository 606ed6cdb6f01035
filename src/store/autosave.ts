import { saveWorkspace, type StorageLike } from '../workspace/index.ts';
import type { AppStore } from './create-app-store.ts';

export interface Autosave {
  /** Saves now (Ctrl/Cmd+S, or before the app reloads itself) instead of waiting for the debounce. */
  flush(): void;
  stop(): void;
}

/**
 * The page's lifecycle events (the browser's `window` and `document`). When the page goes away (a reload,
 * a closed tab, a switch to another app on a phone) no timer fires any more, so a change still waiting
 * for its debounce is saved there and then: the save is localStorage, which writes synchronously.
 */
export interface PageLifecycle {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: string };
}

export interface AutosaveOptions {
  delayMs?: number;
  page?: PageLifecycle;
}

/**
 * Saves the workspace shortly after each change, and at once when the page is hidden or unloaded. A failed
 * save (storage full, blocked) is reported once per distinct message; the work stays in memory and Export
 * still works.
 */
export function startAutosave(store: AppStore, storage: StorageLike, { delayMs = 400, page }: AutosaveOptions = {}): Autosave {
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
  const flush = () => {
    if (timer) clearTimeout(timer);
    save();
  };
  // Only a change that waits is saved on the way out: switching tabs must not write for nothing.
  const savePending = () => {
    if (timer) flush();
  };
  const saveIfHidden = () => {
    if (page?.document.visibilityState === 'hidden') savePending();
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.workspace === previous.workspace) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  });
  page?.window.addEventListener('pagehide', savePending);
  page?.document.addEventListener('visibilitychange', saveIfHidden);

  return {
    flush,
    stop() {
      unsubscribe();
      page?.window.removeEventListener('pagehide', savePending);
      page?.document.removeEventListener('visibilitychange', saveIfHidden);
      if (timer) clearTimeout(timer);
    },
  };
}
