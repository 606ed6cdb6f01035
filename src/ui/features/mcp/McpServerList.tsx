import type { ToolStatus } from '../tools/tool-list-item.ts';
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

export interface McpToolListItem {
  id: string;
  name: string;
  enabled: boolean;
  status: ToolStatus;
  statusDetail?: string;
  /** The server added or changed it since the connect. */
  notice: 'new' | 'changed' | null;
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
              <ul className="tool-list-items" aria-label={`Tools of ${server.label}`}>
                {server.tools.map((tool) => (
                  <li key={tool.id} className={tool.id === selectedToolId ? 'selected' : undefined}>
                    <span
                      className={`status-dot status-${tool.status}`}
                      role="img"
                      aria-label={tool.status}
                      title={tool.statusDetail ?? tool.status}
                    />
                    <button
                      type="button"
                      className="tool-name"
                      aria-current={tool.id === selectedToolId ? 'true' : undefined}
                      onClick={() => onSelectTool(tool.id)}
                    >
                      {tool.name}
                    </button>
                    {tool.notice && <span className={`badge mcp-${tool.notice}`}>{tool.notice}</span>}
                    <input
                      type="checkbox"
                      checked={tool.enabled}
                      aria-label={`Enable ${tool.name}`}
                      title={tool.enabled ? 'Enabled: offered to the model' : 'Disabled: hidden from the model'}
                      onChange={(event) => onToggleTool(tool.id, event.target.checked)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
