import type { TourChapter } from '../../../tour/index.ts';
import { TourCard } from './TourCard.tsx';
import { TourChapterList } from './TourChapterList.tsx';
import type { CardSurroundings } from './use-tour-card-placement.ts';

interface TourPanelProps {
  chapters: readonly TourChapter[];
  chapterIndex: number;
  completed: readonly string[];
  /** What the card points at, where it may sit, and what it must leave uncovered. */
  surroundings: CardSurroundings;
  /** In presenter mode's side column rather than floating. */
  docked?: boolean;
  onLoadScenario(): void;
  /** Goes to a chapter; one past the last is the finish screen. */
  onGoTo(index: number): void;
  onClose(): void;
}

/** The guided tour's card: one chapter at a time, its try-it step and whether the tour saw it done. */
export function TourPanel(props: TourPanelProps) {
  const { chapters, chapterIndex, completed, onLoadScenario, onGoTo, onClose } = props;
  const chapter = chapters[chapterIndex];
  if (!chapter) return null;
  const done = completed.includes(chapter.id);
  const doneCount = chapters.filter((candidate) => completed.includes(candidate.id)).length;
  const last = chapterIndex === chapters.length - 1;
  return (
    <TourCard
      surroundings={props.surroundings}
      placementKey={chapter.id}
      docked={props.docked ?? false}
      heading={`Chapter ${chapterIndex + 1} of ${chapters.length} · ${doneCount} of ${chapters.length} done`}
      onClose={onClose}
      lesson={
        <>
          <h2>{chapter.title}</h2>
          {chapter.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {chapter.code && (
            <pre aria-label="Code sample">
              <code>{chapter.code}</code>
            </pre>
          )}
        </>
      }
      act={
        <>
          <section className="tour-try-it" aria-label="Try it">
            <h3>Try it</h3>
            {chapter.scenarioName && (
              <button type="button" onClick={onLoadScenario}>
                Load scenario
              </button>
            )}
            <p>{chapter.tryIt.instruction}</p>
            <p className="tour-status" role="status" aria-label="Chapter status" data-done={done}>
              {done ? '✓ Done' : 'Not done yet'}
            </p>
          </section>
          <nav className="tour-navigation" aria-label="Tour chapters">
            <button type="button" disabled={chapterIndex === 0} onClick={() => onGoTo(chapterIndex - 1)}>
              Back
            </button>
            <button type="button" className={done ? 'primary' : undefined} onClick={() => onGoTo(chapterIndex + 1)}>
              {last ? 'Finish' : 'Next'}
            </button>
          </nav>
          <TourChapterList chapters={chapters} chapterIndex={chapterIndex} completed={completed} onGoTo={onGoTo} />
        </>
      }
    />
  );
}
