import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SAFE_MODE_PARAMETER } from '../../workspace/safe-mode-request.ts';

interface ErrorBoundaryProps {
  /** What stopped working, as the fallback names it: "The Timeline panel", "Toolscope". */
  area: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

const maxMessageLength = 300;

/**
 * One part of the page that fails to render says so, and the rest goes on working (issue 28: a share
 * link's scenario threw during render and blanked the whole app). It offers to try again, and a reload in
 * safe mode, which keeps the saved workspace aside and opens a new one (ui/shell/safe-mode-start.ts).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Where it broke, for whoever opens the console; the person reads the fallback.
    console.warn(`${this.props.area} stopped working`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message = error.message.length > maxMessageLength ? `${error.message.slice(0, maxMessageLength)}…` : error.message;
    return (
      <div role="alert" className="area-error">
        <p>
          <strong>{this.props.area} stopped working:</strong> {message || error.name}
        </p>
        <p>The rest of Toolscope goes on working, and your workspace is still saved.</p>
        <p>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>{' '}
          <a href={`?${SAFE_MODE_PARAMETER}`}>Reload in safe mode</a> (opens a new workspace; yours is kept aside)
        </p>
      </div>
    );
  }
}
