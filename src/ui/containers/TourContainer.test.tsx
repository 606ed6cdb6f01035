// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore } from '../../store/test-store.ts';
import { AppStoreProvider } from './store-context.tsx';
import { TourContainer } from './TourContainer.tsx';

afterEach(cleanup);

describe('TourContainer', () => {
  it('marks a chapter done when its check passes, and outlines the region it points at', () => {
    const store = createTestStore();
    document.body.innerHTML = '<section aria-labelledby="panel-editor"></section>';
    const region = document.querySelector('section');
    render(
      <AppStoreProvider store={store}>
        <TourContainer />
      </AppStoreProvider>,
      { container: document.body.appendChild(document.createElement('div')) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tour' }));
    act(() => store.getState().goToChapter(2));
    expect(region?.hasAttribute('data-tour-target')).toBe(true);
    expect(store.getState().tour.completed).toEqual([]);
    act(() => store.getState().setEditorTab('definition'));
    expect(store.getState().tour.completed).toEqual(['registration']);
    expect(screen.getByRole('status', { name: 'Chapter status' }).textContent).toBe('✓ Done');
    fireEvent.click(screen.getByRole('button', { name: 'Close tour' }));
    expect(region?.hasAttribute('data-tour-target')).toBe(false);
  });
});
