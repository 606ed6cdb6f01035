import { useRef, useState, type ReactNode } from 'react';
import { useTourCardPlacement, type CardSurroundings } from './use-tour-card-placement.ts';
import './tour.css';

interface TourCardProps {
  /** What the card points at, where it may sit, and what it must leave uncovered. */
  surroundings: CardSurroundings;
  /** Changes when the surroundings do (the chapter). */
  placementKey: string;
  /** In a column of presenter mode, in the page's flow: no placement, no folding. */
  docked?: boolean;
  /** The line above the lesson ("Chapter 3 of 10 · 2 of 10 done"). */
  heading: string;
  /** What the card teaches: scrolls inside the card when the room beside the target is short. */
  lesson: ReactNode;
  /** What to do and where to go (try it, Back / Next): always in view. */
  act: ReactNode;
  onClose(): void;
}

/**
 * The tour's floating card, over the room its chapter's layout leaves free (else beside its target): a
 * non-modal dialog, so the workbench stays usable. It can fold to its header line in a corner.
 */
export function TourCard({ surroundings, placementKey, heading, lesson, act, onClose, docked = false }: TourCardProps) {
  const card = useRef<HTMLElement>(null);
  const placement = useTourCardPlacement(card, docked ? null : surroundings, placementKey);
  const [shownFolded, setFolded] = useState(false);
  const folded = shownFolded && !docked;
  return (
    <aside
      ref={card}
      className={docked ? 'tour-card docked' : 'tour-card'}
      data-folded={folded}
      data-shape={placement?.shape ?? 'tall'}
      data-side={placement?.side}
      style={
        folded || docked
          ? undefined
          : placement
            ? { left: placement.left, top: placement.top, width: placement.width, maxHeight: placement.maxHeight }
            : { visibility: 'hidden' }
      }
      role="dialog"
      aria-modal="false"
      aria-label="Guided tour"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="tour-card-header">
        <span>{heading}</span>
        <span className="tour-card-header-buttons">
          <button
            type="button"
            hidden={docked}
            onClick={() => setFolded(!folded)}
            aria-expanded={!folded}
            aria-label={folded ? 'Show the tour card' : 'Fold the tour card'}
            title={folded ? 'Show the lesson again' : 'Fold the card into a corner, to reach what it covers'}
          >
            {folded ? '▴' : '▾'}
          </button>
          <button type="button" onClick={onClose} aria-label="Close tour">
            ✕
          </button>
        </span>
      </div>
      {!folded && <div className="tour-card-lesson">{lesson}</div>}
      {!folded && <div className="tour-card-act">{act}</div>}
    </aside>
  );
}
