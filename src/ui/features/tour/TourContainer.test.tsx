// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore } from '../../../store/in-process-store.test-support.ts';
import { AppStoreProvider } from '../../store-context.tsx';
import { TourButton, TourCardContainer } from './TourContainer.tsx';
import type { AgentRunEvent } from '../../../agent/agent-types.ts';

afterEach(() => {
  cleanup();
  // The tour keeps its progress in localStorage: each test starts a new visitor.
  localStorage.clear();
});

describe('TourContainer', () => {
  it('marks a chapter done when its check passes, and outlines the region it points at', () => {
    const store = createTestStore();
    document.body.innerHTML = '<section aria-labelledby="panel-editor"></section>';
    const region = document.querySelector('section');
    render(
      <AppStoreProvider store={store}>
        <TourButton />
        <TourCardContainer />
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
    // Metrics opened, but with no run to measure: chapter 10 is not done.
    act(() => store.getState().goToChapter(9));
    act(() => store.getState().setTimelineTab('metrics'));
    expect(store.getState().tour.completed).toEqual(['registration']);
    fireEvent.click(screen.getByRole('button', { name: 'Close tour' }));
    expect(region?.hasAttribute('data-tour-target')).toBe(false);
  });

  it('does not pass a chapter on what was on show before it began', () => {
    const store = createTestStore();
    store.getState().setEditorTab('definition');
    render(
      <AppStoreProvider store={store}>
        <TourButton />
        <TourCardContainer />
      </AppStoreProvider>,
    );
    act(() => store.getState().goToChapter(2));
    fireEvent.click(screen.getByRole('button', { name: 'Tour' }));
    expect(screen.getByRole('status', { name: 'Chapter status' }).textContent).toBe('Not done yet');
    act(() => store.getState().setEditorTab('definition'));
    expect(store.getState().tour.completed).toEqual(['registration']);
  });

  it('shows the finish screen after the last chapter, and its next steps open what they name', () => {
    const store = createTestStore();
    render(
      <AppStoreProvider store={store}>
        <TourButton />
        <TourCardContainer />
      </AppStoreProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tour' }));
    act(() => store.getState().goToChapter(9));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('list', { name: 'What you learned' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(store.getState().timelineTab).toBe('compare');
    expect(store.getState().tour.open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Tour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Build a tool' }));
    expect(store.getState().creatingTool).toBe(true);
  });

  it('reads nothing of a run while the tour is closed, however many events it has (issue 30)', () => {
    const store = createTestStore();
    let reads = 0;
    const events = new Proxy([] as AgentRunEvent[], {
      get(target, property, receiver) {
        reads++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    render(
      <AppStoreProvider store={store}>
        <TourButton />
        <TourCardContainer />
      </AppStoreProvider>,
    );
    for (let version = 1; version <= 50; version++) act(() => store.setState({ run: { id: 1, kind: 'agent', events, version } }));
    expect(reads).toBe(0);
    // Open, it does look: the check of the chapter on show reads the run.
    fireEvent.click(screen.getByRole('button', { name: 'Tour' }));
    expect(reads).toBeGreaterThan(0);
  });
});
