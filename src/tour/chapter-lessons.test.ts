import { describe, expect, it } from 'vitest';
import { chaptersWithoutLesson, lessonOf, tourChapters } from './index.ts';

describe('chapter lessons', () => {
  it('has a one-line lesson for every chapter, for the finish screen', () => {
    expect(chaptersWithoutLesson(tourChapters)).toEqual([]);
    for (const chapter of tourChapters) expect(lessonOf(chapter)).not.toBe(chapter.title);
  });

  it('falls back to the title for a chapter with no lesson written', () => {
    const chapter = { ...tourChapters[0]!, id: 'new-chapter' };
    expect(lessonOf(chapter)).toBe(chapter.title);
    expect(chaptersWithoutLesson([chapter])).toEqual(['new-chapter']);
  });
});
