import { Group, Panel, Separator } from 'react-resizable-panels';
import { EditorContainer } from './containers/EditorContainer.tsx';
import { NoticeContainer } from './containers/NoticeContainer.tsx';
import { RunSettingsContainer } from './containers/RunSettingsContainer.tsx';
import { TestCallContainer } from './containers/TestCallContainer.tsx';
import { ToolsContainer } from './containers/ToolsContainer.tsx';
import { ConversationContainer } from './containers/ConversationContainer.tsx';
import { DiscoveryContainer } from './containers/DiscoveryContainer.tsx';
import { McpServersContainer } from './containers/McpServersContainer.tsx';
import { TimelineContainer } from './containers/TimelineContainer.tsx';
import { useAppStoreApi } from './containers/store-context.tsx';
import { Header } from './shell/Header.tsx';
import { PanelFrame } from './shell/PanelFrame.tsx';
import { useGlobalShortcuts } from './use-global-shortcuts.ts';

interface AppProps {
  /** Saves the workspace now (Ctrl/Cmd+S). */
  onSave(): void;
}

/** The workbench: tools | editor + test call | conversation, with the timeline underneath. */
export function App({ onSave }: AppProps) {
  const store = useAppStoreApi();
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
  });
  return (
    <div className="app">
      <Header />
      <NoticeContainer />
      <main className="workspace">
        <Group orientation="vertical" className="panel-group">
          <Panel id="top" defaultSize="64" minSize="30">
            <Group orientation="horizontal" className="panel-group">
              <Panel id="left" defaultSize="17" minSize="10">
                <Group orientation="vertical" className="panel-group">
                  <Panel id="tools" defaultSize="62" minSize="20">
                    <PanelFrame title="Tools">
                      <ToolsContainer />
                      <McpServersContainer />
                      <DiscoveryContainer />
                    </PanelFrame>
                  </Panel>
                  <Separator className="separator" />
                  <Panel id="run-settings" defaultSize="38" minSize="10">
                    <PanelFrame title="Run settings">
                      <RunSettingsContainer />
                    </PanelFrame>
                  </Panel>
                </Group>
              </Panel>
              <Separator className="separator" />
              <Panel id="middle" defaultSize="53" minSize="25">
                <Group orientation="vertical" className="panel-group">
                  <Panel id="editor" defaultSize="62" minSize="20">
                    <PanelFrame title="Editor">
                      <EditorContainer />
                    </PanelFrame>
                  </Panel>
                  <Separator className="separator" />
                  <Panel id="test-call" defaultSize="38" minSize="15">
                    <PanelFrame title="Test call">
                      <TestCallContainer />
                    </PanelFrame>
                  </Panel>
                </Group>
              </Panel>
              <Separator className="separator" />
              <Panel id="conversation" defaultSize="30" minSize="15">
                <PanelFrame title="Conversation">
                  <ConversationContainer />
                </PanelFrame>
              </Panel>
            </Group>
          </Panel>
          <Separator className="separator" />
          <Panel id="timeline" defaultSize="36" minSize="8">
            <PanelFrame title="Timeline">
              <TimelineContainer />
            </PanelFrame>
          </Panel>
        </Group>
      </main>
    </div>
  );
}
