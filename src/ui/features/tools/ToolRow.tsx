import { memo, type Ref } from 'react';
import type { Result } from '../../../core/index.ts';
import { ToolRenameField } from './ToolRenameField.tsx';
import type { ToolListItem, ToolStatus } from './tool-list-item.ts';

/** What a row can do; one object for the whole list, so that a row redraws only when its own tool changes. */
export interface ToolRowActions {
  select(toolId: string): void;
  startRenaming(toolId: string): void;
  rename(toolId: string, name: string): Result;
  stopRenaming(): void;
  toggleEnabled(toolId: string, enabled: boolean): void;
}

interface ToolRowProps {
  tool: ToolListItem;
  selected: boolean;
  renaming: boolean;
  actions: ToolRowActions;
  rowRef?: Ref<HTMLLIElement>;
}

const STATUS_LABEL: Record<ToolStatus, string> = {
  valid: 'valid',
  errors: 'has errors',
  unhealthy: 'unhealthy',
  checking: 'checking…',
};

/** One tool in the list: its status dot, its name (or the rename field) and its Enabled switch. */
function ToolRowView({ tool, selected, renaming, actions, rowRef }: ToolRowProps) {
  return (
    <li ref={rowRef} className={selected ? 'selected' : undefined}>
      <span
        className={`status-dot status-${tool.status}`}
        role="img"
        aria-label={STATUS_LABEL[tool.status]}
        title={tool.statusDetail ?? STATUS_LABEL[tool.status]}
      />
      {renaming ? (
        <ToolRenameField
          initialName={tool.name}
          onSubmit={(name) => {
            const check = actions.rename(tool.id, name);
            if (check.ok) actions.stopRenaming();
            return check;
          }}
          onCancel={actions.stopRenaming}
        />
      ) : (
        <button
          type="button"
          className="tool-name"
          aria-current={selected ? 'true' : undefined}
          onClick={() => actions.select(tool.id)}
          onDoubleClick={() => actions.startRenaming(tool.id)}
        >
          {tool.name}
        </button>
      )}
      <input
        type="checkbox"
        checked={tool.enabled}
        aria-label={`Enable ${tool.name}`}
        title={tool.enabled ? 'Enabled: offered to the model' : 'Disabled: hidden from the model'}
        onChange={(event) => actions.toggleEnabled(tool.id, event.target.checked)}
      />
    </li>
  );
}

const sameTool = (first: ToolListItem, second: ToolListItem) =>
  first.id === second.id &&
  first.name === second.name &&
  first.enabled === second.enabled &&
  first.status === second.status &&
  first.statusDetail === second.statusDetail;

/** Redrawn only when its own tool, selection or renaming changes: a compile of another tool leaves it alone. */
export const ToolRow = memo(
  ToolRowView,
  (previous, next) =>
    previous.selected === next.selected &&
    previous.renaming === next.renaming &&
    previous.actions === next.actions &&
    previous.rowRef === next.rowRef &&
    sameTool(previous.tool, next.tool),
);
