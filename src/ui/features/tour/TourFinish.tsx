import { lessonOf, type TourChapter } from '../../../tour/index.ts';
import { TourCard } from './TourCard.tsx';

/** Where the finish screen sends a person next. */
export type TourNextStep = 'build-tool' | 'connect-model' | 'compare' | 'runs';

const nextSteps: { step: TourNextStep; label: string; what: string }[] = [
  { step: 'build-tool', label: 'Build a tool', what: 'write your own: a name, a Zod schema and execute(), then a test call.' },
  { step: 'connect-model', label: 'Connect a real model', what: 'OpenAI, Anthropic, Ollama…: your key stays in this browser.' },
  { step: 'compare', label: 'Compare', what: 'replay a scenario under several run settings, side by side.' },
  { step: 'runs', label: 'Runs', what: 'open, replay and export the runs you made.' },
];

interface TourFinishProps {
  chapters: readonly TourChapter[];
  completed: readonly string[];
  onGoTo(index: number): void;
  onNextStep(step: TourNextStep): void;
  onClose(): void;
  /** In presenter mode's side column. */
  docked?: boolean;
}

/** The finish screen points at nothing: the card sits in the middle of the screen. */
const nothingAround = { target: null, room: [], avoid: () => [] };

/** The tour's last screen: what each chapter taught (and which are still to do), and where to go next. */
export function TourFinish({ chapters, completed, onGoTo, onNextStep, onClose, docked = false }: TourFinishProps) {
  const doneCount = chapters.filter((chapter) => completed.includes(chapter.id)).length;
  const allDone = doneCount === chapters.length;
  return (
    <TourCard
      surroundings={nothingAround}
      placementKey="finish"
      docked={docked}
      heading={`${doneCount} of ${chapters.length} chapters done`}
      onClose={onClose}
      lesson={
        <>
          <h2>{allDone ? 'Tour complete: what you learned' : 'What the tour teaches'}</h2>
          {!allDone && <p>Chapters without a ✓ are still to do: click one to go back to it.</p>}
          <ol className="tour-lessons" aria-label="What you learned">
            {chapters.map((chapter, index) => {
              const done = completed.includes(chapter.id);
              return (
                <li key={chapter.id} data-done={done}>
                  <button type="button" onClick={() => onGoTo(index)} title={`Back to chapter ${index + 1}`}>
                    <span>{done ? '✓' : '○'}</span> <strong>{chapter.title}.</strong> {lessonOf(chapter)}
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      }
      act={
        <>
          <section className="tour-next" aria-label="Where to go next">
            <h3>Where to go next</h3>
            <ul>
              {nextSteps.map(({ step, label, what }) => (
                <li key={step}>
                  <button type="button" className={step === 'build-tool' ? 'primary' : undefined} onClick={() => onNextStep(step)}>
                    {label}
                  </button>{' '}
                  {what}
                </li>
              ))}
            </ul>
          </section>
          <nav className="tour-navigation" aria-label="Tour chapters">
            <button type="button" onClick={() => onGoTo(chapters.length - 1)}>
              Back
            </button>
            <button type="button" onClick={onClose}>
              Done
            </button>
          </nav>
        </>
      }
    />
  );
}
