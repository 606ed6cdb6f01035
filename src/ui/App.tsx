import { ErrorBoundary } from './elements/ErrorBoundary.tsx';
import { NoticeContainer } from './features/notices/NoticeContainer.tsx';
import { useAppStoreApi, useShellStore } from './store-context.tsx';
import { WelcomeContainer } from './features/welcome/WelcomeContainer.tsx';
import { Header } from './shell/Header.tsx';
import { LayoutControls } from './shell/LayoutControls.tsx';
import { LazyPresenter, LazyTourCard } from './shell/lazy-features.tsx';
import { WithRunLayer } from './elements/WithRunLayer.tsx';
import { useLayoutPresets } from './shell/use-layout-presets.ts';
import { Workbench } from './shell/Workbench.tsx';
import { useGlobalShortcuts } from './shell/use-global-shortcuts.ts';

interface AppProps {
  /** Saves the workspace now (Ctrl/Cmd+S). */
  onSave(): void;
}

/** The workbench (or, in presenter mode, the timeline full screen), the header and the notices. */
export function App({ onSave }: AppProps) {
  const store = useAppStoreApi();
  const presenting = useShellStore((state) => state.presenting);
  const layout = useLayoutPresets(store);
  useGlobalShortcuts({
    onRun: () => {
      const { selectedToolId, runTestCall } = store.getState();
      if (selectedToolId) void runTestCall(selectedToolId);
    },
    onStop: () => store.getState().stopRun(),
    onSave: () => {
      onSave();
      store.getState().notify({ level: 'info', message: 'Saved in this browser.' });
    },
    onTogglePresenter: () => store.getState().setPresenting(!store.getState().presenting),
    onLeavePresenter: () => {
      if (!store.getState().presenting) return false;
      store.getState().setPresenting(false);
      return true;
    },
  });
  return (
    <div className="app">
      {!presenting && (
        <ErrorBoundary area="The header">
          <Header
            layoutControls={
              <LayoutControls active={layout.active} onPreset={layout.apply} onPresent={() => store.getState().setPresenting(true)} />
            }
          />
        </ErrorBoundary>
      )}
      <ErrorBoundary area="The notices">
        <NoticeContainer />
      </ErrorBoundary>
      <Workbench groups={layout.groups} onResizedByHand={layout.resizedByHand} presenting={presenting} />
      {presenting && (
        <ErrorBoundary area="Presenter mode">
          <WithRunLayer>
            <LazyPresenter onLeave={() => store.getState().setPresenting(false)} />
          </WithRunLayer>
        </ErrorBoundary>
      )}
      {/* Presenter mode docks the card in its side column instead. */}
      {!presenting && (
        <ErrorBoundary area="The tour">
          <WithRunLayer fallback={null}>
            <LazyTourCard />
          </WithRunLayer>
        </ErrorBoundary>
      )}
      <ErrorBoundary area="The welcome">
        <WelcomeContainer />
      </ErrorBoundary>
    </div>
  );
}
