// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MenuButton } from './MenuButton.tsx';

afterEach(cleanup);

function setup() {
  const duplicate = vi.fn();
  const remove = vi.fn();
  const exportAs = vi.fn();
  render(
    <MenuButton
      label="More"
      name="More tool actions"
      items={[
        { label: 'Duplicate', run: duplicate },
        { label: 'Delete', run: remove, disabled: true },
        { label: 'Export as…', run: exportAs },
      ]}
    />,
  );
  const button = screen.getByRole('button', { name: 'More tool actions' });
  return { button, duplicate, remove, exportAs };
}

const items = () => screen.getAllByRole('menuitem');

describe('MenuButton (the WAI-ARIA menu button pattern)', () => {
  it('says it has a menu, and opens it with a click, the first item focused', () => {
    const { button } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'More tool actions' })).toBeTruthy();
    expect(document.activeElement).toBe(items()[0]);
  });

  it('moves with the arrows (wrapping), Home and End, and by first letter; ArrowUp on the button opens at the last item', () => {
    const { button } = setup();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[2]);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[2]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items()[2]);
    fireEvent.keyDown(menu, { key: 'd' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(menu, { key: 'd' });
    expect(document.activeElement).toBe(items()[1]);
  });

  it('runs the chosen item, closes, and gives the focus back to the button', () => {
    const { button, exportAs } = setup();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'End' });
    fireEvent.click(document.activeElement as HTMLElement);
    expect(exportAs).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes it with the focus back on the button; a disabled item does nothing and keeps the menu open', () => {
    const { button, remove } = setup();
    fireEvent.click(button);
    const disabled = screen.getByRole('menuitem', { name: 'Delete' });
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(disabled);
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a press outside closes it', () => {
    const { button } = setup();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
