import { ConversationContainer } from '../conversation/ConversationContainer.tsx';
import { ScenarioControlsContainer } from '../scenarios/ScenarioControlsContainer.tsx';
import { TimelineContainer } from '../timeline/TimelineContainer.tsx';
import { TourButton, TourCardContainer } from '../tour/TourContainer.tsx';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';
import { PresenterVersionsContainer } from './PresenterVersionsContainer.tsx';
import { DrawingScaleContext } from '../../elements/drawing-scale.ts';
import './presenter.css';

interface PresenterContainerProps {
  onLeave(): void;
}

/**
 * Presenter mode, for a projector: the timeline fills the screen with text and bars at twice the size, and
 * every lesson can be shown from here: Compare (a tab of the timeline, enlarged), a tool's Versions with
 * Rollback, the tour card, the conversation. The side column holds the last three; each can be folded
 * away, and with all folded the chart takes the whole width.
 */
export function PresenterContainer({ onLeave }: PresenterContainerProps) {
  const store = useAppStoreApi();
  const panels = useAppStore((state) => state.presenterPanels);
  const tourOpen = useAppStore((state) => state.tour.open);
  const toggle = (panel: keyof typeof panels) => store.getState().setPresenterPanels({ ...panels, [panel]: !panels[panel] });
  // Compare's table needs the width (nine columns at 20 px), and Compare re-plays the scenario on a
  // virtual clock: the conversation beside it would be another run's, so the strip steps aside.
  const comparing = useAppStore((state) => state.timelineTab === 'compare');
  const conversation = panels.conversation && !comparing;
  const side = tourOpen || panels.versions || conversation;
  return (
    <main className="presenter" aria-label="Presenter view">
      <header className="presenter-bar">
        <h1>Toolscope</h1>
        <ScenarioControlsContainer />
        <span className="spacer" />
        <div className="presenter-panels" role="group" aria-label="Side panels">
          <TourButton />
          <button type="button" aria-pressed={panels.versions} onClick={() => toggle('versions')} title="A tool's versions, with Rollback">
            Versions
          </button>
          <button
            type="button"
            aria-pressed={panels.conversation}
            onClick={() => toggle('conversation')}
            title="Fold the conversation away: the timeline takes the width"
          >
            Conversation
          </button>
        </div>
        <button type="button" onClick={onLeave} aria-keyshortcuts="Escape" title="Back to the workbench (Esc or P)">
          Leave presenter mode
        </button>
      </header>
      <div className="presenter-body">
        <section className="presenter-timeline" aria-label="Timeline">
          <DrawingScaleContext.Provider value={2}>
            <TimelineContainer presenting />
          </DrawingScaleContext.Provider>
        </section>
        {side && (
          <div className="presenter-side" data-wide={panels.versions || tourOpen}>
            <TourCardContainer docked />
            {panels.versions && <PresenterVersionsContainer />}
            {conversation && (
              <section className="presenter-conversation" aria-label="Conversation">
                <ConversationContainer strip />
              </section>
            )}
          </div>
        )}
      </div>
    </main>
  );
}
