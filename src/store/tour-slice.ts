import type { StateCreator } from 'zustand/vanilla';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { browserTourStorage, loadTourProgress, saveTourProgress, type TourProgress } from '../tour/tour-progress.ts';
import type { StorageLike } from '../workspace/index.ts';

export interface TourState extends TourProgress {
  open: boolean;
}

export interface TourSlice {
  tour: TourState;
  openTour(): void;
  closeTour(): void;
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
    return {
      tour: { open: false, ...loadTourProgress(storage) },
      openTour: () => update({ open: true }, 'tour/open'),
      closeTour: () => update({ open: false }, 'tour/close'),
      goToChapter: (index) => update({ chapterIndex: Math.max(0, Math.floor(index)) }, 'tour/goTo'),
      markChapterDone(chapterId) {
        if (get().tour.completed.includes(chapterId)) return;
        update({ completed: [...get().tour.completed, chapterId] }, 'tour/markDone');
      },
    };
  };
