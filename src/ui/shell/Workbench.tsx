import type { RefObject } from 'react';
import { Group, Panel, Separator, type GroupImperativeHandle } from 'react-resizable-panels';
import { CompileStatusContainer } from '../features/editor/CompileStatusContainer.tsx';
import { ToolsContainer } from '../features/tools/ToolsContainer.tsx';
import { ShellConversation } from '../features/conversation/ComposerContainer.tsx';
import { FramedPanel } from './FramedPanel.tsx';
import {
  LazyConversation,
  LazyDiscovery,
  LazyEditor,
  LazyMcpServers,
  LazyRunSettings,
  LazyTestCall,
  LazyTimeline,
} from './lazy-features.tsx';
import { WithRunLayer } from '../elements/WithRunLayer.tsx';
import { presetLayouts } from './layout-presets.ts';

export interface WorkbenchGroups {
  outer: RefObject<GroupImperativeHandle | null>;
  work: RefObject<GroupImperativeHandle | null>;
  top: RefObject<GroupImperativeHandle | null>;
  /** The tools column and the middle column, which lesson layouts size too. */
  left: RefObject<GroupImperativeHandle | null>;
  middle: RefObject<GroupImperativeHandle | null>;
}

interface WorkbenchProps {
  groups: WorkbenchGroups;
  /** The person dragged a separator: the layout is theirs now, no preset applies. */
  onResizedByHand(): void;
  /** While presenting, the timeline lives in the presenter view (one live chart at a time). */
  presenting: boolean;
}

/**
 * The workbench: tools | editor + test call above the timeline, and the conversation as a full-height
 * column. The layout and the tool list are the shell, on screen at first paint; the other panels come
 * with the run layer a moment later (lazy-features.tsx).
 */
export function Workbench({ groups, onResizedByHand, presenting }: WorkbenchProps) {
  const { outer, work, top } = presetLayouts.edit;
  const onLayoutChanged = (_layout: unknown, meta: { isUserInteraction: boolean }) => meta.isUserInteraction && onResizedByHand();
  return (
    <main className="workspace" hidden={presenting}>
      <Group orientation="horizontal" className="panel-group" groupRef={groups.outer} onLayoutChanged={onLayoutChanged}>
        <Panel id="work" defaultSize={String(outer.work)} minSize="40">
          <Group orientation="vertical" className="panel-group" groupRef={groups.work} onLayoutChanged={onLayoutChanged}>
            <Panel id="top" defaultSize={String(work.top)} minSize="25">
              <Group orientation="horizontal" className="panel-group" groupRef={groups.top} onLayoutChanged={onLayoutChanged}>
                <Panel id="left" defaultSize={String(top.left)} minSize="14">
                  <Group orientation="vertical" className="panel-group" groupRef={groups.left} onLayoutChanged={onLayoutChanged}>
                    <FramedPanel id="tools" title="Tools" defaultSize={62} minSize={20} actions={<CompileStatusContainer />}>
                      <ToolsContainer />
                      <WithRunLayer fallback={null}>
                        <LazyMcpServers />
                        <LazyDiscovery />
                      </WithRunLayer>
                    </FramedPanel>
                    <Separator className="separator" />
                    <FramedPanel id="run-settings" title="Run settings" defaultSize={38} minSize={10}>
                      <WithRunLayer>
                        <LazyRunSettings />
                      </WithRunLayer>
                    </FramedPanel>
                  </Group>
                </Panel>
                <Separator className="separator" />
                <Panel id="middle" defaultSize={String(top.middle)} minSize="35">
                  <Group orientation="vertical" className="panel-group" groupRef={groups.middle} onLayoutChanged={onLayoutChanged}>
                    <FramedPanel id="editor" title="Editor" defaultSize={62} minSize={20}>
                      <WithRunLayer>
                        <LazyEditor />
                      </WithRunLayer>
                    </FramedPanel>
                    <Separator className="separator" />
                    <FramedPanel id="test-call" title="Test call" defaultSize={38} minSize={15}>
                      <WithRunLayer>
                        <LazyTestCall />
                      </WithRunLayer>
                    </FramedPanel>
                  </Group>
                </Panel>
              </Group>
            </Panel>
            <Separator className="separator" />
            <FramedPanel id="timeline" title="Timeline" defaultSize={work.timeline} minSize={8}>
              {!presenting && (
                <WithRunLayer>
                  <LazyTimeline />
                </WithRunLayer>
              )}
            </FramedPanel>
          </Group>
        </Panel>
        <Separator className="separator" />
        <FramedPanel id="conversation" title="Conversation" defaultSize={outer.conversation} minSize={15}>
          {/* The presenter view shows the conversation as its strip meanwhile. */}
          {!presenting && (
            <WithRunLayer fallback={<ShellConversation />}>
              <LazyConversation />
            </WithRunLayer>
          )}
        </FramedPanel>
      </Group>
    </main>
  );
}
