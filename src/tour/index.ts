import { basicChapters } from './chapters-basics.ts';
import { runtimeChapters } from './chapters-runtime.ts';
import type { TourChapter } from './tour-types.ts';

export type { TourChapter, TourTarget, TourTryIt } from './tour-types.ts';

/** The guided tour, in order: each chapter loads a scenario (or names a panel) and checks its try-it step. */
export const tourChapters: readonly TourChapter[] = [...basicChapters, ...runtimeChapters];
