import { useEffect, useMemo, useRef, useState } from 'react';
import { MenuButton, type MenuItem } from '../../elements/MenuButton.tsx';
import { ToolRenameField } from './ToolRenameField.tsx';
import { ToolRow, type ToolRowActions } from './ToolRow.tsx';
import type { Result } from '../../../core/index.ts';
import type { ToolListItem } from './tool-list-item.ts';

export interface ToolListProps {
  tools: ToolListItem[];
  selectedToolId: string | null;
  onSelect(toolId: string): void;
  /** The list is asking for a new tool's name (after New tool, or the welcome's "Build a tool"). */
  creating: boolean;
  /** Name suggested for a new tool, e.g. "new_tool" or "new_tool_2". */
  suggestedName: string;
  onStartCreating(creating: boolean): void;
  /** Asks for a new Python tool's name (issue 31); absent: only TypeScript tools can be made here. */
  onStartCreatingPython?(): void;
  /** The tool being named is a Python one (its template is a typed Python function). */
  creatingLanguage?: 'typescript' | 'python';
  /** Creates the tool if the name is valid; otherwise the field stays open with the message. */
  onCreate(name: string): Result;
  onDuplicate(toolId: string): void;
  onRename(toolId: string, name: string): Result;
  onDelete(toolId: string): void;
  onToggleEnabled(toolId: string, enabled: boolean): void;
  /** Runs every tool's health check; the dots show what it found. */
  onCheckHealth?(): void;
  /** Opens "Export as…" (code, definitions, a project) and "Import…" (pasted definitions). */
  onExport?(): void;
  onImport?(): void;
  checkingHealth?: boolean;
}

export function ToolList({
  tools,
  selectedToolId,
  onSelect,
  creating,
  suggestedName,
  onStartCreating,
  onStartCreatingPython,
  creatingLanguage = 'typescript',
  onCreate,
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
  const selectedRow = useRef<HTMLLIElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  // A tool selected from elsewhere (a new tool, Undo, an import) is brought into view, below the toolbar
  // that stays on top of the list (so a button never moves away under the pointer as the list scrolls).
  useEffect(() => revealBelow(selectedRow.current, toolbar.current), [selectedToolId]);
  // The rows get one actions object for the list's life (calling the latest props), so a row redraws only
  // when its own tool changes: 500 tools compiling must not redraw 500 rows each time one is done.
  const latest = useRef({ onSelect, onRename, onToggleEnabled });
  useEffect(() => {
    latest.current = { onSelect, onRename, onToggleEnabled };
  });
  const rowActions = useMemo<ToolRowActions>(
    () => ({
      select: (toolId) => latest.current.onSelect(toolId),
      startRenaming: setRenamingId,
      rename: (toolId, name) => latest.current.onRename(toolId, name),
      stopRenaming: () => setRenamingId(null),
      toggleEnabled: (toolId, enabled) => latest.current.onToggleEnabled(toolId, enabled),
    }),
    [],
  );

  const moreActions: MenuItem[] = [
    { label: 'Duplicate', disabled: !selected, run: () => selected && onDuplicate(selected.id) },
    { label: 'Rename', disabled: !selected, run: () => selected && setRenamingId(selected.id) },
    { label: 'Delete', disabled: !selected, run: () => selected && onDelete(selected.id) },
    ...(onExport
      ? [
          {
            label: 'Export as…',
            run: onExport,
            title: 'The tool as AI SDK or MCP code, a defineTool module, definitions JSON, or a runnable project',
          },
        ]
      : []),
    ...(onImport ? [{ label: 'Import…', run: onImport, title: 'Paste OpenAI, Anthropic or MCP tool definitions' }] : []),
  ];

  return (
    <div className="tool-list">
      <div ref={toolbar} className="toolbar" role="toolbar" aria-label="Tool actions">
        <button type="button" onClick={() => onStartCreating(true)} disabled={creating}>
          New tool
        </button>
        {onStartCreatingPython && (
          <button
            type="button"
            onClick={onStartCreatingPython}
            disabled={creating}
            title="A tool written as a typed Python function; its definition is read from the signature"
          >
            New Python tool
          </button>
        )}
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
        {/* The actions on the selected tool and the transfers, in a menu: as buttons, eight actions took four
            rows of a 220 px column and left a 1280×720 screen room for one tool (issue 27). */}
        <MenuButton label="More" name="More tool actions" items={moreActions} />
      </div>
      <ul aria-label="Tool list">
        {tools.map((tool) => (
          <ToolRow
            key={tool.id}
            tool={tool}
            selected={tool.id === selectedToolId}
            renaming={renamingId === tool.id}
            actions={rowActions}
            rowRef={tool.id === selectedToolId ? selectedRow : undefined}
          />
        ))}
        {creating && (
          <li className="new-tool">
            <span className="status-dot" aria-hidden="true" />
            <ToolRenameField
              label={creatingLanguage === 'python' ? 'New Python tool name' : 'New tool name'}
              initialName={suggestedName}
              onSubmit={onCreate}
              onCancel={() => onStartCreating(false)}
              cancelOnBlurWhenUnchanged={false}
            />
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * Scrolls the list's scroll box just enough to show `row` whole, below the sticky `toolbar`. A box not laid
 * out yet (at start-up the panel is a few pixels tall for a moment) is left alone until it has room: scrolled
 * then, it kept that offset as it grew, and the first tools sat hidden under the toolbar. Returns a cancel.
 */
function revealBelow(row: HTMLElement | null, toolbar: HTMLElement | null): (() => void) | undefined {
  const scroller = row?.offsetParent as HTMLElement | null | undefined;
  if (!row || !scroller) return undefined;
  const reveal = () => {
    const covered = toolbar?.offsetHeight ?? 0;
    if (scroller.clientHeight < covered + row.offsetHeight) return false;
    if (row.offsetTop - covered < scroller.scrollTop) scroller.scrollTop = row.offsetTop - covered;
    else if (row.offsetTop + row.offsetHeight > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = row.offsetTop + row.offsetHeight - scroller.clientHeight;
    return true;
  };
  reveal();
  if (typeof ResizeObserver === 'undefined') return undefined;
  // And again whenever the list changes size (a layout change, a notice above the workbench): the selected
  // tool stays in view, not only on the first try.
  const observer = new ResizeObserver(() => reveal());
  observer.observe(scroller);
  return () => observer.disconnect();
}
