// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { tourChapters } from '../../../tour/index.ts';
import { TourPanel } from './TourPanel.tsx';

afterEach(cleanup);

const handlers = () => ({ onLoadScenario: vi.fn(), onGoTo: vi.fn(), onClose: vi.fn() });
const where = { surroundings: { target: null, room: [], avoid: () => [] } };

describe('TourPanel', () => {
  it('shows the chapter, its code sample, Load scenario and progress in a non-modal dialog', () => {
    const on = handlers();
    render(<TourPanel chapters={tourChapters} chapterIndex={0} completed={[]} {...where} {...on} />);
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

  it('folds to its header line to uncover what it sits on, and unfolds with the lesson where it was', () => {
    render(<TourPanel chapters={tourChapters} chapterIndex={8} completed={[]} {...where} {...handlers()} />);
    const dialog = screen.getByRole('dialog', { name: 'Guided tour' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fold the tour card' }));
    expect(dialog.getAttribute('data-folded')).toBe('true');
    expect(within(dialog).queryByRole('heading', { name: tourChapters[8]!.title })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(dialog.textContent).toContain('Chapter 9 of 10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the tour card' }));
    expect(within(dialog).getByRole('heading', { name: tourChapters[8]!.title })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('marks a done chapter, and leads from the last chapter to the finish screen', () => {
    const last = tourChapters.length - 1;
    const on = handlers();
    render(
      <TourPanel chapters={tourChapters} chapterIndex={last} completed={['naive-chain', tourChapters[last]!.id]} {...where} {...on} />,
    );
    expect(screen.getByRole('status', { name: 'Chapter status' }).textContent).toBe('✓ Done');
    expect(screen.getByRole('dialog').textContent).toContain('2 of 10 done');
    // No chapter is ticked by hand: there is no confirm button, only the check.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).not.toContain('I looked at the metrics');
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(on.onGoTo).toHaveBeenCalledWith(tourChapters.length);
  });
});
