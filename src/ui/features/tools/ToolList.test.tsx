// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ToolList, type ToolListProps } from './ToolList.tsx';

afterEach(cleanup);

/** The list with its "creating" flag held in state, as the store holds it in the app. */
function Harness({ onCreate }: { onCreate: ToolListProps['onCreate'] }) {
  const [creating, setCreating] = useState(false);
  return (
    <ToolList
      tools={[{ id: '1', name: 'get_weather', enabled: true, status: 'valid' }]}
      selectedToolId="1"
      onSelect={() => {}}
      creating={creating}
      suggestedName="new_tool"
      onStartCreating={setCreating}
      onCreate={(name) => {
        const check = onCreate(name);
        if (check.ok) setCreating(false);
        return check;
      }}
      onDuplicate={() => {}}
      onRename={() => ({ ok: true })}
      onDelete={() => {}}
      onToggleEnabled={() => {}}
    />
  );
}

describe('ToolList: New tool (issue 14)', () => {
  it('asks for the name inline, keeps the field open on a bad name, and creates on Enter', () => {
    const onCreate = vi.fn((name: string) =>
      name.includes(' ') ? { ok: false as const, message: 'Use letters, digits, "_" or "-".' } : { ok: true as const },
    );
    render(<Harness onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: 'New tool' }));
    const field = screen.getByRole('textbox', { name: 'New tool name' });
    expect((field as HTMLInputElement).value).toBe('new_tool');
    fireEvent.change(field, { target: { value: 'has space' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain('letters, digits');
    fireEvent.change(field, { target: { value: 'word_count' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onCreate).toHaveBeenLastCalledWith('word_count');
    expect(screen.queryByRole('textbox', { name: 'New tool name' })).toBeNull();
  });

  it('Escape cancels without creating, even when the field then loses focus', () => {
    const onCreate = vi.fn(() => ({ ok: true as const }));
    render(<Harness onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: 'New tool' }));
    const field = screen.getByRole('textbox', { name: 'New tool name' });
    fireEvent.keyDown(field, { key: 'Escape' });
    fireEvent.blur(field);
    expect(onCreate).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'New tool name' })).toBeNull();
  });
});
