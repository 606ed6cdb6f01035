import type { TourChapter } from '../../../tour/index.ts';

interface TourChapterListProps {
  chapters: readonly TourChapter[];
  chapterIndex: number;
  completed: readonly string[];
  onGoTo(index: number): void;
}

/** Every chapter with its done mark, so a returning user can jump to where they left off. */
export function TourChapterList({ chapters, chapterIndex, completed, onGoTo }: TourChapterListProps) {
  return (
    <details className="tour-chapters">
      <summary>All chapters</summary>
      <ol aria-label="Chapters">
        {chapters.map((chapter, index) => {
          const done = completed.includes(chapter.id);
          return (
            <li key={chapter.id}>
              <button type="button" aria-current={index === chapterIndex ? 'step' : undefined} onClick={() => onGoTo(index)}>
                {done ? '✓ ' : ''}
                {chapter.title}
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
