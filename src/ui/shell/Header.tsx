import { TourContainer } from '../containers/TourContainer.tsx';
import { WorkspaceActionsContainer } from '../containers/WorkspaceActionsContainer.tsx';

export function Header() {
  return (
    <header className="app-header">
      <div className="brand">
        <img src="/favicon.svg" alt="" width={20} height={20} />
        <h1>Toolscope</h1>
        <span className="tagline">a playground for the tool executor of LLM agents</span>
      </div>
      <TourContainer />
      <WorkspaceActionsContainer />
    </header>
  );
}
