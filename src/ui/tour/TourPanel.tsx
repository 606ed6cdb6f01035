import type { TourChapter } from '../../tour/index.ts';
import { TourChapterList } from './TourChapterList.tsx';
import './tour.css';

interface TourPanelProps {
  chapters: readonly TourChapter[];
  chapterIndex: number;
  completed: readonly string[];
  /** The current chapter's check passes on what the user did. */
  checkPassed: boolean;
  onLoadScenario(): void;
  onConfirm(): void;
  onGoTo(index: number): void;
  onClose(): void;
}

/** The guided tour's card: one chapter at a time, its try-it step and whether the tour saw it done. */
export function TourPanel({ chapters, chapterIndex, completed, checkPassed, onLoadScenario, onConfirm, onGoTo, onClose }: TourPanelProps) {
  const chapter = chapters[chapterIndex];
  if (!chapter) return null;
  const done = completed.includes(chapter.id);
  const doneCount = chapters.filter((candidate) => completed.includes(candidate.id)).length;
  const status = done ? '✓ Done' : checkPassed && chapter.tryIt.confirmLabel ? 'Check passed: confirm below' : 'Not done yet';
  // The card steps aside from the region it points at when that region sits at the bottom-right.
  const side = chapter.target === 'Conversation' ? 'left' : 'right';
  return (
    <aside
      className="tour-card"
      data-side={side}
      role="dialog"
      aria-modal="false"
      aria-label="Guided tour"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="tour-card-header">
        <span>
          Chapter {chapterIndex + 1} of {chapters.length} · {doneCount} of {chapters.length} done
        </span>
        <button type="button" onClick={onClose} aria-label="Close tour">
          ✕
        </button>
      </div>
      <h2>{chapter.title}</h2>
      {chapter.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {chapter.code && (
        <pre aria-label="Code sample">
          <code>{chapter.code}</code>
        </pre>
      )}
      <section className="tour-try-it" aria-label="Try it">
        <h3>Try it</h3>
        {chapter.scenarioName && (
          <button type="button" onClick={onLoadScenario}>
            Load scenario
          </button>
        )}
        <p>{chapter.tryIt.instruction}</p>
        <p className="tour-status" role="status" aria-label="Chapter status" data-done={done}>
          {status}
        </p>
        {chapter.tryIt.confirmLabel && !done && (
          <button type="button" className="primary" disabled={!checkPassed} onClick={onConfirm}>
            {chapter.tryIt.confirmLabel}
          </button>
        )}
      </section>
      <nav className="tour-navigation" aria-label="Tour chapters">
        <button type="button" disabled={chapterIndex === 0} onClick={() => onGoTo(chapterIndex - 1)}>
          Back
        </button>
        <button
          type="button"
          className={done ? 'primary' : undefined}
          disabled={chapterIndex === chapters.length - 1}
          onClick={() => onGoTo(chapterIndex + 1)}
        >
          Next
        </button>
      </nav>
      <TourChapterList chapters={chapters} chapterIndex={chapterIndex} completed={completed} onGoTo={onGoTo} />
    </aside>
  );
}
