import { ConversationContainer } from '../conversation/ConversationContainer.tsx';
import { ScenarioControlsContainer } from '../scenarios/ScenarioControlsContainer.tsx';
import { TimelineContainer } from '../timeline/TimelineContainer.tsx';

interface PresenterViewProps {
  onLeave(): void;
}

/**
 * Presenter mode, for a projector: the timeline fills the screen with text and bars at twice the size,
 * the conversation runs down a narrow strip beside it, and the bar on top starts and slows the scenario.
 */
export function PresenterView({ onLeave }: PresenterViewProps) {
  return (
    <main className="presenter" aria-label="Presenter view">
      <header className="presenter-bar">
        <h1>Toolscope</h1>
        <ScenarioControlsContainer />
        <span className="spacer" />
        <button type="button" onClick={onLeave} aria-keyshortcuts="Escape" title="Back to the workbench (Esc or P)">
          Leave presenter mode
        </button>
      </header>
      <div className="presenter-body">
        <section className="presenter-timeline" aria-label="Timeline">
          <TimelineContainer presenting />
        </section>
        <section className="presenter-conversation" aria-label="Conversation">
          <ConversationContainer strip />
        </section>
      </div>
    </main>
  );
}
