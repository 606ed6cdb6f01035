import type { ReactNode } from 'react';
import { Panel } from 'react-resizable-panels';
import { PanelFrame } from './PanelFrame.tsx';

interface FramedPanelProps {
  id: string;
  title: string;
  defaultSize: number;
  minSize: number;
  actions?: ReactNode;
  children: ReactNode;
}

/** A resizable panel holding one titled region: the unit the workbench layout is made of. */
export function FramedPanel({ id, title, defaultSize, minSize, actions, children }: FramedPanelProps) {
  return (
    <Panel id={id} defaultSize={String(defaultSize)} minSize={String(minSize)}>
      <PanelFrame title={title} actions={actions}>
        {children}
      </PanelFrame>
    </Panel>
  );
}
