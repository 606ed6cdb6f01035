import type { McpServerState } from '../../../mcp/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';

interface McpServerDetailsProps {
  server: McpServerState;
  label: string;
  onEdit(): void;
  onRemove(): void;
  onClose(): void;
}

const TRANSPORT: Record<string, string> = {
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP+SSE (older transport)',
  'in-memory': 'in memory',
};

/** What the server said about itself at initialize, and what the connection is doing. */
export function McpServerDetails({ server, label, onEdit, onRemove, onClose }: McpServerDetailsProps) {
  const { info } = server;
  return (
    <Dialog
      title={`MCP server ${label}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onRemove}>
            Remove server
          </button>
          <button type="button" onClick={onEdit}>
            Edit connection…
          </button>
          <button type="button" className="primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <dl className="facts mcp-facts">
        <dt>URL</dt>
        <dd>
          <code>{server.url}</code>
        </dd>
        <dt>Status</dt>
        <dd>{server.status}</dd>
        {server.error && (
          <>
            <dt>Problem</dt>
            <dd className="error-message">{server.error}</dd>
          </>
        )}
        {info && (
          <>
            <dt>Server</dt>
            <dd>
              {info.title ? `${info.title} (${info.name})` : info.name} {info.version}
            </dd>
            <dt>Protocol</dt>
            <dd>{info.protocolVersion ?? 'not reported'}</dd>
            <dt>Transport</dt>
            <dd>{TRANSPORT[info.transport] ?? info.transport}</dd>
            <dt>Tools</dt>
            <dd>{server.tools.length}</dd>
          </>
        )}
      </dl>
      {info && (
        <>
          <h4>Capabilities</h4>
          <pre aria-label="Capabilities">{JSON.stringify(info.capabilities, null, 2)}</pre>
          {info.instructions && (
            <>
              <h4>Instructions</h4>
              <p>{info.instructions}</p>
            </>
          )}
        </>
      )}
      {server.lastChange && <p className="hint">Last tool list change: {server.lastChange.text}.</p>}
    </Dialog>
  );
}
