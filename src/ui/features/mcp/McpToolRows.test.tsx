// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { McpToolRows, type McpToolListItem } from './McpToolRows.tsx';

afterEach(cleanup);

const tools: McpToolListItem[] = Array.from({ length: 3004 }, (_, index) => ({
  id: `server/wide_${index}`,
  name: `wide_${index}`,
  enabled: index !== 1,
  status: 'valid',
  notice: null,
}));

function renderRows(selectedToolId: string | null = null) {
  const onSelectTool = vi.fn();
  const onToggleTool = vi.fn();
  render(
    <div style={{ overflow: 'auto' }}>
      <McpToolRows
        serverLabel="hostile"
        tools={tools}
        selectedToolId={selectedToolId}
        onSelectTool={onSelectTool}
        onToggleTool={onToggleTool}
      />
    </div>,
  );
  return { list: screen.getByRole('list', { name: 'Tools of hostile' }), onSelectTool, onToggleTool };
}

describe('McpToolRows', () => {
  it('puts a screenful of a server’s 3,004 tools in the DOM, each saying where it sits among all of them', () => {
    const { list } = renderRows();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('3004');
    expect(rows[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(rows.at(-1)?.getAttribute('aria-posinset')).toBe(String(rows.length));
  });

  it('selects a tool on its name and toggles it on its checkbox, the selected one marked', () => {
    const { list, onSelectTool, onToggleTool } = renderRows('server/wide_2');
    fireEvent.click(within(list).getByRole('button', { name: 'wide_3' }));
    expect(onSelectTool).toHaveBeenCalledWith('server/wide_3');
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Enable wide_1' }));
    expect(onToggleTool).toHaveBeenCalledWith('server/wide_1', true);
    expect(within(list).getByRole('button', { name: 'wide_2' }).getAttribute('aria-current')).toBe('true');
  });
});
