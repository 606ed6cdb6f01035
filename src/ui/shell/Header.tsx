import type { ReactNode } from 'react';
import { TourButton } from '../features/tour/TourContainer.tsx';
import { WorkspaceActionsContainer } from '../features/transfer/WorkspaceActionsContainer.tsx';

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
      <TourButton />
      <WorkspaceActionsContainer />
    </header>
  );
}
