import { use } from 'react';
import { runLayerInstalled } from '../../store/shell-store.ts';
import { useAppStoreApi } from '../store-context.tsx';

/** Suspends until the run layer has joined the store, a moment after the first paint (store/shell-store.ts). */
export function useRunLayerInstalled(): void {
  use(runLayerInstalled(useAppStoreApi()));
}
