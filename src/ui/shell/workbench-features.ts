// The workbench's panels that need the run layer (the session, zod, the executor, providers, MCP,
// exports, Monaco's wrapper): one chunk, loaded right after the first paint (lazy-features.tsx) while
// the shell (tool list, layout, notices) is already on screen and usable (issue 30).
export { ConversationContainer } from '../features/conversation/ConversationContainer.tsx';
export { DiscoveryContainer } from '../features/discovery/DiscoveryContainer.tsx';
export { EditorContainer } from '../features/editor/EditorContainer.tsx';
export { McpServersContainer } from '../features/mcp/McpServersContainer.tsx';
export { PresenterContainer } from '../features/presenter/PresenterContainer.tsx';
export { RunSettingsContainer } from '../features/run-settings/RunSettingsContainer.tsx';
export { TestCallContainer } from '../features/test-call/TestCallContainer.tsx';
export { TimelineContainer } from '../features/timeline/TimelineContainer.tsx';
export { TourButton, TourCardContainer } from '../features/tour/TourContainer.tsx';
export { WorkspaceActionsContainer } from '../features/transfer/WorkspaceActionsContainer.tsx';
