import { lazy, type ComponentType } from 'react';
import type * as Features from './workbench-features.ts';

// The workbench's heavy panels as lazy components. Mount each inside <WithRunLayer> (ui/elements): it
// waits for the run layer to join the store too, so they may read any part of it (store/shell-store.ts).
// Until then their place shows a quiet placeholder, and the shell around them is usable (issue 30).

let loading: Promise<typeof Features> | null = null;
/** The features' chunk, fetched once (the boot asks for it at once, beside the run layer). */
export const loadFeatures = () => (loading ??= import('./workbench-features.ts'));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props.
function lazyFeature<Component extends ComponentType<any>>(pick: (features: typeof Features) => Component) {
  return lazy(() => loadFeatures().then((features) => ({ default: pick(features) })));
}

export const LazyConversation = lazyFeature((features) => features.ConversationContainer);
export const LazyDiscovery = lazyFeature((features) => features.DiscoveryContainer);
export const LazyEditor = lazyFeature((features) => features.EditorContainer);
export const LazyMcpServers = lazyFeature((features) => features.McpServersContainer);
export const LazyPresenter = lazyFeature((features) => features.PresenterContainer);
export const LazyRunSettings = lazyFeature((features) => features.RunSettingsContainer);
export const LazyTestCall = lazyFeature((features) => features.TestCallContainer);
export const LazyTimeline = lazyFeature((features) => features.TimelineContainer);
export const LazyTourButton = lazyFeature((features) => features.TourButton);
export const LazyTourCard = lazyFeature((features) => features.TourCardContainer);
export const LazyWorkspaceActions = lazyFeature((features) => features.WorkspaceActionsContainer);
