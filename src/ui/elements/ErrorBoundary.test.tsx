// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PanelFrame } from '../shell/PanelFrame.tsx';

afterEach(cleanup);

let broken = true;
function Scenario() {
  if (broken) throw new RangeError('Maximum call stack size exceeded');
  return <p>scenario editor</p>;
}

describe('ErrorBoundary (issue 28: a panel that threw during render blanked the whole app)', () => {
  it('a panel that throws says so in its place, and the panel beside it still works', () => {
    broken = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <>
          <PanelFrame title="Conversation">
            <Scenario />
          </PanelFrame>
          <PanelFrame title="Tools">
            <button type="button">get_weather</button>
          </PanelFrame>
        </>,
      );
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('The Conversation panel stopped working: Maximum call stack size exceeded');
      expect(screen.getByRole('link', { name: 'Reload in safe mode' }).getAttribute('href')).toBe('?safe-mode');
      expect(screen.getByRole('button', { name: 'get_weather' })).toBeTruthy();
      broken = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.getByText('scenario editor')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
