// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WelcomeDialog } from './WelcomeDialog.tsx';

beforeEach(() => {
  // jsdom has <dialog> without showModal.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(cleanup);

describe('WelcomeDialog (issue 14)', () => {
  it('offers three ways in, the tour first and primary', () => {
    const handlers = { onTour: vi.fn(), onRunScenario: vi.fn(), onBuildTool: vi.fn(), onClose: vi.fn() };
    render(<WelcomeDialog {...handlers} />);
    const choices = screen.getAllByRole('listitem').map((item) => item.querySelector('button'));
    expect(choices.map((button) => button?.textContent)).toEqual(['Take the tour', 'Run a scenario', 'Build a tool']);
    expect(choices[0]?.className).toContain('primary');
    fireEvent.click(screen.getByRole('button', { name: 'Run a scenario' }));
    expect(handlers.onRunScenario).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(handlers.onClose).toHaveBeenCalledOnce();
  });
});
