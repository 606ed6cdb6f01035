// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { lessonOf, tourChapters } from '../../../tour/index.ts';
import { TourFinish } from './TourFinish.tsx';

afterEach(cleanup);

describe('TourFinish', () => {
  it('lists one lesson line per chapter with its done mark, and offers where to go next', () => {
    const on = { onGoTo: vi.fn(), onNextStep: vi.fn(), onClose: vi.fn() };
    render(<TourFinish chapters={tourChapters} completed={tourChapters.slice(0, 9).map((chapter) => chapter.id)} {...on} />);
    const lessons = within(screen.getByRole('list', { name: 'What you learned' })).getAllByRole('listitem');
    expect(lessons).toHaveLength(tourChapters.length);
    expect(lessons[0]!.textContent).toContain(lessonOf(tourChapters[0]!));
    expect(lessons[0]!.getAttribute('data-done')).toBe('true');
    expect(lessons[9]!.getAttribute('data-done')).toBe('false');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('What the tour teaches');
    fireEvent.click(within(lessons[9]!).getByRole('button'));
    expect(on.onGoTo).toHaveBeenCalledWith(9);
    const next = screen.getByRole('region', { name: 'Where to go next' });
    for (const [label, step] of [
      ['Build a tool', 'build-tool'],
      ['Connect a real model', 'connect-model'],
      ['Compare', 'compare'],
      ['Runs', 'runs'],
    ] as const) {
      fireEvent.click(within(next).getByRole('button', { name: label }));
      expect(on.onNextStep).toHaveBeenLastCalledWith(step);
    }
  });

  it('says the tour is complete once every chapter is done', () => {
    render(
      <TourFinish
        chapters={tourChapters}
        completed={tourChapters.map((chapter) => chapter.id)}
        onGoTo={vi.fn()}
        onNextStep={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Tour complete: what you learned');
    expect(screen.getByRole('dialog').textContent).toContain('10 of 10 chapters done');
  });
});
