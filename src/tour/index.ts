import { basicChapters } from './chapters-basics.ts';
import { runtimeChapters } from './chapters-runtime.ts';
import type { TourChapter } from './tour-types.ts';

export type { TourAction, TourCardRoom, TourChapter, TourLayout, TourStage, TourTarget, TourTryIt } from './tour-types.ts';
export { chaptersWithoutLesson, lessonOf } from './chapter-lessons.ts';
export { sinceChapterStart } from './chapter-start.ts';

/** The guided tour, in order: each chapter loads a scenario (or names a panel) and checks its try-it step. */
export const tourChapters: readonly TourChapter[] = [...basicChapters, ...runtimeChapters];
