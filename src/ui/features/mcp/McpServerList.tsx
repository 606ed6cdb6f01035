import { McpToolRows, type McpToolListItem } from './McpToolRows.tsx';
import './mcp.css';

export interface McpServerListItem {
  id: string;
  label: string;
  url: string;
  status: 'disconnected' | 'connecting' | 'connected' | 'failed';
  /** "v1.0.0 · Streamable HTTP" once connected. */
  summary: string | null;
  error: string | null;
  tools: McpToolListItem[];
}

interface McpServerListProps {
  servers: McpServerListItem[];
  selectedToolId: string | null;
  onAdd(): void;
  onConnect(serverId: string): void;
  onDisconnect(serverId: string): void;
  onDetails(serverId: string): void;
  onSelectTool(toolId: string): void;
  onToggleTool(toolId: string, enabled: boolean): void;
}

const STATUS_TEXT: Record<McpServerListItem['status'], string> = {
  disconnected: 'disconnected',
  connecting: 'connecting…',
  connected: 'connected',
  failed: 'failed',
};

/** The MCP servers under the workspace's tools: each server, its state, and its (read-only) tools. */
export function McpServerList({
  servers,
  selectedToolId,
  onAdd,
  onConnect,
  onDisconnect,
  onDetails,
  onSelectTool,
  onToggleTool,
}: McpServerListProps) {
  return (
    <section className="mcp-servers" aria-label="MCP servers">
      <div className="mcp-heading">
        <h3>MCP servers</h3>
        <button type="button" onClick={onAdd} title="Connect to an MCP server over Streamable HTTP">
          Add server…
        </button>
      </div>
      {servers.length === 0 && <p className="hint">Tools from an MCP server run through the same executor. Try npm run mcp-sample.</p>}
      <ul className="mcp-server-list">
        {servers.map((server) => (
          <li key={server.id} aria-label={`MCP server ${server.label}`}>
            <div className="mcp-server-row">
              <span
                className={`status-dot mcp-${server.status}`}
                role="img"
                aria-label={STATUS_TEXT[server.status]}
                title={server.error ?? STATUS_TEXT[server.status]}
              />
              <button type="button" className="mcp-server-name" onClick={() => onDetails(server.id)} title={`${server.url} — details`}>
                {server.label}
              </button>
              {server.status === 'connected' || server.status === 'connecting' ? (
                <button type="button" onClick={() => onDisconnect(server.id)}>
                  Disconnect
                </button>
              ) : (
                <button type="button" onClick={() => onConnect(server.id)}>
                  Connect
                </button>
              )}
            </div>
            {server.summary && <p className="hint mcp-summary">{server.summary}</p>}
            {server.error && (
              <p className="error-message mcp-error" role="alert">
                {server.error}
              </p>
            )}
            {server.tools.length > 0 && (
              <McpToolRows
                serverLabel={server.label}
                tools={server.tools}
                selectedToolId={selectedToolId}
                onSelectTool={onSelectTool}
                onToggleTool={onToggleTool}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
