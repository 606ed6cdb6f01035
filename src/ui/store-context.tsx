import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore, ShellState } from '../store/app-state.ts';

const StoreContext = createContext<AppStore | null>(null);

export function AppStoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore needs an <AppStoreProvider> above it');
  return store;
}

/** Reads a slice of the store; only containers call this (panels get props). */
export function useAppStore<Selected>(selector: (state: AppState) => Selected): Selected {
  return useStore(useAppStoreApi(), selector);
}

/**
 * Reads what the store holds from the first paint (store/shell-store.ts): for the shell's containers,
 * which are on screen before the run layer joins. The others use useAppStore inside <WithRunLayer>.
 */
export function useShellStore<Selected>(selector: (state: ShellState) => Selected): Selected {
  return useStore(useAppStoreApi(), selector);
}
