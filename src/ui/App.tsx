import { Group, Panel, Separator } from 'react-resizable-panels';
import { Header } from './shell/Header.tsx';
import { PanelFrame } from './shell/PanelFrame.tsx';
import { LazyCodeEditor } from './monaco/LazyCodeEditor.tsx';
import { useState } from 'react';

const STARTER_CODE = `interface Input {
  city: string;
  unit: 'celsius' | 'fahrenheit';
}

export default async function execute(input: Input) {
  const temperature: number = input.city.length * 3;
  return { city: input.city, temperature, unit: input.unit };
}
`;

export function App() {
  const [code, setCode] = useState(STARTER_CODE);
  return (
    <div className="app">
      <Header />
      <main className="workspace">
        <Group orientation="vertical" className="panel-group">
          <Panel id="top" defaultSize="70" minSize="30">
            <Group orientation="horizontal" className="panel-group">
              <Panel id="tools" defaultSize="18" minSize="10">
                <PanelFrame title="Tools">
                  <p className="empty-hint">Your tools will be listed here.</p>
                </PanelFrame>
              </Panel>
              <Separator className="separator" />
              <Panel id="editor" defaultSize="52" minSize="25">
                <PanelFrame title="Editor">
                  <LazyCodeEditor ariaLabel="Code editor" path="file:///tool/code.ts" language="typescript" value={code} onChange={setCode} />
                </PanelFrame>
              </Panel>
              <Separator className="separator" />
              <Panel id="conversation" defaultSize="30" minSize="15">
                <PanelFrame title="Conversation">
                  <p className="empty-hint">Run a scenario or send a message to the mock model.</p>
                </PanelFrame>
              </Panel>
            </Group>
          </Panel>
          <Separator className="separator" />
          <Panel id="timeline" defaultSize="30" minSize="10">
            <PanelFrame title="Timeline">
              <p className="empty-hint">Tool calls appear here as they run.</p>
            </PanelFrame>
          </Panel>
        </Group>
      </main>
    </div>
  );
}
