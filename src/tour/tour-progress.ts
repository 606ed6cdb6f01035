// The tour's progress is kept apart from the workspace: resetting or importing a workspace must not
// forget which chapters a person has done, and a broken tour entry must not block the workspace.
import { z } from 'zod';
import type { StorageLike } from '../workspace/index.ts';

export const TOUR_STORAGE_KEY = 'toolscope.tour.v1';

export interface TourProgress {
  chapterIndex: number;
  /** Ids of the chapters whose try-it step passed. */
  completed: string[];
}

const tourProgressSchema = z.object({
  chapterIndex: z.number().int().min(0),
  completed: z.array(z.string()),
});

export const emptyTourProgress = (): TourProgress => ({ chapterIndex: 0, completed: [] });

/** Reads saved progress; anything missing, unreadable or malformed counts as a fresh start. */
export function loadTourProgress(storage: StorageLike | null): TourProgress {
  try {
    const text = storage?.getItem(TOUR_STORAGE_KEY);
    if (!text) return emptyTourProgress();
    const parsed = tourProgressSchema.safeParse(JSON.parse(text));
    return parsed.success
      ? { chapterIndex: parsed.data.chapterIndex, completed: [...new Set(parsed.data.completed)] }
      : emptyTourProgress();
  } catch {
    return emptyTourProgress();
  }
}

/** Saves progress; a full or blocked storage only loses the progress, never the session. */
export function saveTourProgress(storage: StorageLike | null, progress: TourProgress): void {
  try {
    storage?.setItem(TOUR_STORAGE_KEY, JSON.stringify({ chapterIndex: progress.chapterIndex, completed: progress.completed }));
  } catch {
    // Nothing to do: the progress stays in memory for this session.
  }
}

/** The page's localStorage when there is one (not in Node tests, not when the browser blocks it). */
export function browserTourStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
