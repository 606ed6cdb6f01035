import { describe, expect, it } from 'vitest';
import { createTestStore } from './in-process-store.test-support.ts';
import { loadTourProgress, saveTourProgress, TOUR_STORAGE_KEY } from '../tour/tour-progress.ts';
import { MemoryStorage } from '../workspace/index.ts';
import { sinceChapterStart, tourChapters } from '../tour/index.ts';
import { tourViewOf } from './build-tour-view.ts';
import { canaryScenario } from '../samples/scenarios/canary.ts';
import { timeoutScenario } from '../samples/scenarios/timeout.ts';

describe('tour progress storage', () => {
  it('round-trips the chapter and the done chapters', () => {
    const storage = new MemoryStorage();
    saveTourProgress(storage, { chapterIndex: 3, completed: ['naive-chain', 'four-duties'] });
    expect(loadTourProgress(storage)).toEqual({ chapterIndex: 3, completed: ['naive-chain', 'four-duties'] });
  });

  it('ignores a corrupt or malformed value', () => {
    const storage = new MemoryStorage();
    storage.setItem(TOUR_STORAGE_KEY, '{not json');
    expect(loadTourProgress(storage)).toEqual({ chapterIndex: 0, completed: [] });
    storage.setItem(TOUR_STORAGE_KEY, JSON.stringify({ chapterIndex: -1, completed: 'all' }));
    expect(loadTourProgress(storage)).toEqual({ chapterIndex: 0, completed: [] });
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    expect(loadTourProgress(broken)).toEqual({ chapterIndex: 0, completed: [] });
    expect(() => saveTourProgress(broken, { chapterIndex: 1, completed: [] })).not.toThrow();
  });
});

describe('tour slice', () => {
  it('opens, moves between chapters and marks each chapter done once', () => {
    const store = createTestStore();
    expect(store.getState().tour).toEqual({ open: false, chapterIndex: 0, completed: [], chapterStart: null });
    store.getState().openTour();
    store.getState().goToChapter(2);
    store.getState().markChapterDone('registration');
    store.getState().markChapterDone('registration');
    expect(store.getState().tour).toMatchObject({ open: true, chapterIndex: 2, completed: ['registration'] });
    store.getState().closeTour();
    expect(store.getState().tour.open).toBe(false);
  });

  it('takes the view a chapter begins with, so its check sees only what happens after', () => {
    const store = createTestStore();
    store.getState().setEditorTab('definition');
    store.getState().openTour();
    expect(store.getState().tour.chapterStart).toMatchObject({ editorTab: 'definition', viewOpenings: { 'editor:definition': 1 } });
    store.getState().setTimelineTab('metrics');
    store.getState().goToChapter(9);
    // The metrics chapter brings up the chart (its step is to open Metrics); the earlier opening is in its start.
    expect(store.getState().tour.chapterStart).toMatchObject({ timelineTab: 'timeline', viewOpenings: { 'timeline:metrics': 1 } });
    store.getState().closeTour();
    expect(store.getState().tour.chapterStart).toBeNull();
  });

  it('brings up the view a chapter needs before it begins: what the chapter opened is not the person’s doing', () => {
    const store = createTestStore();
    store.getState().openTour();
    store.getState().goToChapter(tourChapters.findIndex((chapter) => chapter.id === 'health-and-versions'));
    const state = store.getState();
    expect(state.workspace.tools.find((tool) => tool.id === state.selectedToolId)?.name).toBe('flaky_api');
    expect(state.editorTab).toBe('versions');
    expect(state.layoutRequest).toEqual({ layout: 'lesson-versions' });
    expect(sinceChapterStart(tourViewOf(state), state.tour.chapterStart).opened).toEqual([]);
    // The capacity chapter opens Compare for the person, who then presses Compare.
    store.getState().goToChapter(tourChapters.findIndex((chapter) => chapter.id === 'parallel-calls'));
    expect(store.getState().timelineTab).toBe('compare');
    expect(sinceChapterStart(tourViewOf(store.getState()), store.getState().tour.chapterStart).opened).toEqual([]);
  });

  it('shows each chapter its own run or none: the chapter after the Timeout one does not show the Timeout run (issue 27)', () => {
    const store = createTestStore();
    const chapterOf = (id: string) => tourChapters.findIndex((chapter) => chapter.id === id);
    const ranScenario = (name: string) =>
      store.setState({
        conversation: {
          ...store.getState().conversation,
          messages: [
            { role: 'user', content: name },
            { role: 'assistant', content: 'Both calls timed out.', toolCalls: [] },
          ],
        },
      });
    const shownScenario = () => {
      const [opening] = store.getState().conversation.messages;
      return opening?.role === 'user' ? opening.content : null;
    };
    store.getState().openTour();
    store.getState().goToChapter(chapterOf('timeouts'));
    ranScenario(timeoutScenario.name);
    // Its own run stays when the chapter is shown again.
    store.getState().goToChapter(chapterOf('timeouts'));
    expect(shownScenario()).toBe(timeoutScenario.name);
    store.getState().goToChapter(chapterOf('parallel-calls'));
    expect(shownScenario()).toBeNull();
    // A chapter without a scenario of its own (Metrics reads the last run) keeps the run on show.
    ranScenario(canaryScenario.name);
    store.getState().goToChapter(chapterOf('metrics'));
    expect(shownScenario()).toBe(canaryScenario.name);
    // A run still going is never put away.
    store.setState({ conversation: { ...store.getState().conversation, running: true } });
    store.getState().goToChapter(chapterOf('retries'));
    expect(shownScenario()).toBe(canaryScenario.name);
  });
});
