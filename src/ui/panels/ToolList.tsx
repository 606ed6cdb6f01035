import { useState } from 'react';
import { ToolRenameField } from './ToolRenameField.tsx';

export type ToolStatus = 'valid' | 'errors' | 'unhealthy' | 'checking';

export interface ToolListItem {
  id: string;
  name: string;
  enabled: boolean;
  status: ToolStatus;
  /** One line telling why the status is what it is (first error, health detail). */
  statusDetail?: string;
}

export interface ToolListProps {
  tools: ToolListItem[];
  selectedToolId: string | null;
  onSelect(toolId: string): void;
  onNew(): void;
  onDuplicate(toolId: string): void;
  onRename(toolId: string, name: string): { ok: true } | { ok: false; message: string };
  onDelete(toolId: string): void;
  onToggleEnabled(toolId: string, enabled: boolean): void;
  /** Runs every tool's health check; the dots show what it found. */
  onCheckHealth?(): void;
  /** Opens "Export as…" (code, definitions, a project) and "Import…" (pasted definitions). */
  onExport?(): void;
  onImport?(): void;
  checkingHealth?: boolean;
}

const STATUS_LABEL: Record<ToolStatus, string> = {
  valid: 'valid',
  errors: 'has errors',
  unhealthy: 'unhealthy',
  checking: 'checking…',
};

export function ToolList({
  tools,
  selectedToolId,
  onSelect,
  onNew,
  onDuplicate,
  onRename,
  onDelete,
  onToggleEnabled,
  onCheckHealth,
  checkingHealth = false,
  onExport,
  onImport,
}: ToolListProps) {
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const selected = tools.find((tool) => tool.id === selectedToolId);

  return (
    <div className="tool-list">
      <div className="toolbar" role="toolbar" aria-label="Tool actions">
        <button type="button" onClick={onNew}>
          New tool
        </button>
        <button type="button" disabled={!selected} onClick={() => selected && onDuplicate(selected.id)}>
          Duplicate
        </button>
        <button type="button" disabled={!selected} onClick={() => selected && setRenamingId(selected.id)}>
          Rename
        </button>
        <button type="button" disabled={!selected} onClick={() => selected && onDelete(selected.id)}>
          Delete
        </button>
        {onCheckHealth && (
          <button
            type="button"
            disabled={checkingHealth}
            aria-busy={checkingHealth}
            onClick={onCheckHealth}
            title="Run every enabled tool's health check; an unhealthy tool is hidden from the model"
          >
            Check health
          </button>
        )}
        {onExport && (
          <button
            type="button"
            onClick={onExport}
            title="The tool as AI SDK or MCP code, a defineTool module, definitions JSON, or a runnable project"
          >
            Export as…
          </button>
        )}
        {onImport && (
          <button type="button" onClick={onImport} title="Paste OpenAI, Anthropic or MCP tool definitions">
            Import…
          </button>
        )}
      </div>
      <ul aria-label="Tool list">
        {tools.map((tool) => (
          <li key={tool.id} className={tool.id === selectedToolId ? 'selected' : undefined}>
            <span
              className={`status-dot status-${tool.status}`}
              role="img"
              aria-label={STATUS_LABEL[tool.status]}
              title={tool.statusDetail ?? STATUS_LABEL[tool.status]}
            />
            {renamingId === tool.id ? (
              <ToolRenameField
                initialName={tool.name}
                onSubmit={(name) => {
                  const check = onRename(tool.id, name);
                  if (check.ok) setRenamingId(null);
                  return check;
                }}
                onCancel={() => setRenamingId(null)}
              />
            ) : (
              <button
                type="button"
                className="tool-name"
                aria-current={tool.id === selectedToolId ? 'true' : undefined}
                onClick={() => onSelect(tool.id)}
                onDoubleClick={() => setRenamingId(tool.id)}
              >
                {tool.name}
              </button>
            )}
            <input
              type="checkbox"
              checked={tool.enabled}
              aria-label={`Enable ${tool.name}`}
              title={tool.enabled ? 'Enabled: offered to the model' : 'Disabled: hidden from the model'}
              onChange={(event) => onToggleEnabled(tool.id, event.target.checked)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
