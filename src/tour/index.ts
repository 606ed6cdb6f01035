import { basicChapters } from './chapters-basics.ts';
import { runtimeChapters } from './chapters-runtime.ts';
import type { TourChapter, TourTarget } from './tour-types.ts';

export type { TourChapter, TourTarget, TourTryIt } from './tour-types.ts';
export { chaptersWithoutLesson, lessonOf } from './chapter-lessons.ts';
export { sinceChapterStart } from './chapter-start.ts';

/** The regions a chapter's try-it step is done in (see TourChapter.actsIn). */
export const actsInOf = (chapter: TourChapter): readonly TourTarget[] => chapter.actsIn ?? (chapter.scenarioName ? ['Conversation'] : []);

/** The guided tour, in order: each chapter loads a scenario (or names a panel) and checks its try-it step. */
export const tourChapters: readonly TourChapter[] = [...basicChapters, ...runtimeChapters];
