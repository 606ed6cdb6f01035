import type { ReactNode } from 'react';
import { ErrorBoundary } from '../elements/ErrorBoundary.tsx';

interface PanelFrameProps {
  /** Visible heading; also the accessible name of the region. */
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled region: the frame every panel of the workbench shares. */
export function PanelFrame({ title, actions, children }: PanelFrameProps) {
  const headingId = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="panel-frame" aria-labelledby={headingId}>
      <header className="panel-header">
        <h2 id={headingId}>{title}</h2>
        {actions && (
          <div className="panel-actions">
            <ErrorBoundary area={`The ${title} panel's status`}>{actions}</ErrorBoundary>
          </div>
        )}
      </header>
      <div className="panel-body">
        <ErrorBoundary area={`The ${title} panel`}>{children}</ErrorBoundary>
      </div>
    </section>
  );
}
