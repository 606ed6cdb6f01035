import type { ReactNode } from 'react';
import { WithRunLayer } from '../elements/WithRunLayer.tsx';
import { LazyTourButton, LazyWorkspaceActions } from './lazy-features.tsx';

interface HeaderProps {
  /** The layout presets and the presenter-mode button. */
  layoutControls?: ReactNode;
}

export function Header({ layoutControls }: HeaderProps) {
  return (
    <header className="app-header">
      <div className="brand">
        <img src="/favicon.svg" alt="" width={20} height={20} />
        <h1>Toolscope</h1>
        <span className="tagline">a playground for the tool executor of LLM agents</span>
      </div>
      {layoutControls}
      {/* The tour and the workspace's Import/Export/Share come with the run layer, a moment after the first paint. */}
      <WithRunLayer fallback={null}>
        <LazyTourButton />
        <LazyWorkspaceActions />
      </WithRunLayer>
    </header>
  );
}
