import type { StateCreator } from 'zustand/vanilla';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { browserTourStorage, loadTourProgress, saveTourProgress, type TourProgress } from '../tour/tour-progress.ts';
import type { TourView } from '../tour/tour-view.ts';
import type { StorageLike } from '../workspace/index.ts';
import { tourViewOf } from './build-tour-view.ts';
import { tourChapters } from '../tour/index.ts';
import { applyTourStage } from './tour-stage.ts';

export interface TourState extends TourProgress {
  open: boolean;
  /**
   * The app as it was when the chapter on show began (opened, or gone to): its check counts only what
   * the person did since (src/tour/chapter-start.ts). Not saved: after a reload the chapter begins anew.
   */
  chapterStart: TourView | null;
}

export interface TourSlice {
  tour: TourState;
  openTour(): void;
  closeTour(): void;
  /** Goes to a chapter; one past the last is the finish screen. */
  goToChapter(index: number): void;
  markChapterDone(chapterId: string): void;
}

/** The guided tour's state. Progress (chapter, done chapters) is saved on every change; open/closed is not. */
export const createTourSlice =
  (storage: StorageLike | null = browserTourStorage()): StateCreator<AppState, AppMiddlewares, [], TourSlice> =>
  (set, get) => {
    const update = (patch: Partial<TourState>, action: string) => {
      const tour = { ...get().tour, ...patch };
      set({ tour }, undefined, action);
      if (!('open' in patch)) saveTourProgress(storage, tour);
    };
    const stage = (index: number) => {
      const chapter = tourChapters[index];
      if (chapter) applyTourStage(get(), chapter);
    };
    return {
      tour: { open: false, chapterStart: null, ...loadTourProgress(storage) },
      // The chapter's view comes first, then the start is taken: what the chapter opened is not the person's doing.
      openTour: () => {
        stage(get().tour.chapterIndex);
        update({ open: true, chapterStart: tourViewOf(get()) }, 'tour/open');
      },
      closeTour: () => update({ open: false, chapterStart: null }, 'tour/close'),
      goToChapter: (index) => {
        const chapterIndex = Math.max(0, Math.floor(index));
        stage(chapterIndex);
        update({ chapterIndex, chapterStart: tourViewOf(get()) }, 'tour/goTo');
      },
      markChapterDone(chapterId) {
        if (get().tour.completed.includes(chapterId)) return;
        update({ completed: [...get().tour.completed, chapterId] }, 'tour/markDone');
      },
    };
  };
