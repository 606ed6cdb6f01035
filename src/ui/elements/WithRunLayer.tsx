import { Suspense, type ReactNode } from 'react';
import { useRunLayerInstalled } from './use-run-layer.ts';

// Parts of the UI that read the run layer's slices (runs, MCP, tests, …) mount inside this: it waits
// until the run layer has joined the store, a moment after the first paint (store/shell-store.ts).

function RunLayerInstalled({ children }: { children: ReactNode }) {
  useRunLayerInstalled();
  return children;
}

/**
 * Renders its children once the run layer is in the store (and lazy children's chunks have loaded);
 * meanwhile `fallback`, by default a quiet "Loading…" in the panel.
 */
export function WithRunLayer({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback === undefined ? <p className="empty-hint panel-loading">Loading…</p> : fallback}>
      <RunLayerInstalled>{children}</RunLayerInstalled>
    </Suspense>
  );
}
