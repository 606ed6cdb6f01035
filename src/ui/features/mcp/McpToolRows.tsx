import { useRef } from 'react';
import { useRowWindow } from '../../elements/use-row-window.ts';
import type { ToolStatus } from '../tools/tool-list-item.ts';

export interface McpToolListItem {
  id: string;
  name: string;
  enabled: boolean;
  status: ToolStatus;
  statusDetail?: string;
  /** The server added or changed it since the connect. */
  notice: 'new' | 'changed' | null;
}

interface McpToolRowsProps {
  serverLabel: string;
  tools: readonly McpToolListItem[];
  selectedToolId: string | null;
  onSelectTool(toolId: string): void;
  onToggleTool(toolId: string, enabled: boolean): void;
}

/**
 * One server's tools. A server may list thousands (issue 28: 3,004 rows took ~0.6 s of rendering, style
 * and layout at connect on a quiet machine), so only the rows near the Tools panel's scroll position are
 * in the DOM (use-row-window.ts, ADR 0019); each rendered row says where it sits in the whole list.
 */
export function McpToolRows({ serverLabel, tools, selectedToolId, onSelectTool, onToggleTool }: McpToolRowsProps) {
  const body = useRef<HTMLUListElement>(null);
  const { first, last, before, after } = useRowWindow(body, tools.length);
  return (
    <ul ref={body} className="tool-list-items" aria-label={`Tools of ${serverLabel}`}>
      {before > 0 && <Spacer height={before} />}
      {tools.slice(first, last).map((tool, offset) => (
        <li
          key={tool.id}
          className={tool.id === selectedToolId ? 'selected' : undefined}
          aria-setsize={tools.length}
          aria-posinset={first + offset + 1}
        >
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
      {after > 0 && <Spacer height={after} />}
    </ul>
  );
}

/** Stands for the rows not rendered, so the panel's scrollbar keeps the length of the whole list. */
function Spacer({ height }: { height: number }) {
  return <li className="mcp-tool-spacer" aria-hidden="true" style={{ height }} />;
}
