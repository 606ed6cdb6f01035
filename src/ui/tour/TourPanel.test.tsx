// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { tourChapters } from '../../tour/index.ts';
import { TourPanel } from './TourPanel.tsx';

afterEach(cleanup);

const handlers = () => ({ onLoadScenario: vi.fn(), onConfirm: vi.fn(), onGoTo: vi.fn(), onClose: vi.fn() });

describe('TourPanel', () => {
  it('shows the chapter, its code sample, Load scenario and progress in a non-modal dialog', () => {
    const on = handlers();
    render(<TourPanel chapters={tourChapters} chapterIndex={0} completed={[]} checkPassed={false} {...on} />);
    const dialog = screen.getByRole('dialog', { name: 'Guided tour' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(within(dialog).getByRole('heading', { name: tourChapters[0]!.title })).toBeTruthy();
    expect(within(dialog).getByLabelText('Code sample').textContent).toContain("call.name === 'get_weather'");
    expect(dialog.textContent).toContain('Chapter 1 of 10 · 0 of 10 done');
    expect(within(dialog).getByRole('status', { name: 'Chapter status' }).textContent).toBe('Not done yet');
    expect((within(dialog).getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load scenario' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(on.onLoadScenario).toHaveBeenCalledOnce();
    expect(on.onGoTo).toHaveBeenCalledWith(1);
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Next' }), { key: 'Escape' });
    expect(on.onClose).toHaveBeenCalledOnce();
  });

  it('marks a done chapter, and offers the confirmation of a manual step only once its check passes', () => {
    const last = tourChapters.length - 1;
    const label = tourChapters[last]!.tryIt.confirmLabel ?? '';
    const on = handlers();
    const { rerender } = render(
      <TourPanel chapters={tourChapters} chapterIndex={last} completed={['naive-chain']} checkPassed={false} {...on} />,
    );
    expect((screen.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<TourPanel chapters={tourChapters} chapterIndex={last} completed={['naive-chain']} checkPassed {...on} />);
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(on.onConfirm).toHaveBeenCalledOnce();
    rerender(
      <TourPanel chapters={tourChapters} chapterIndex={last} completed={['naive-chain', tourChapters[last]!.id]} checkPassed {...on} />,
    );
    expect(screen.getByRole('status', { name: 'Chapter status' }).textContent).toBe('✓ Done');
    expect(screen.queryByRole('button', { name: label })).toBeNull();
    expect(screen.getByRole('dialog').textContent).toContain('2 of 10 done');
  });
});
