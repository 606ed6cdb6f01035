import { useRef, useState, type ReactNode } from 'react';
import { useTourCardPlacement } from './use-tour-card-placement.ts';
import './tour.css';

interface TourCardProps {
  /** The region the card points at (a CSS selector), which it never covers; null centres the card. */
  targetSelector: string | null;
  /** Regions the person acts in, which the card stays off when there is room. */
  keepSelectors: readonly string[];
  /** The line above the lesson ("Chapter 3 of 10 · 2 of 10 done"). */
  heading: string;
  /** What the card teaches: scrolls inside the card when the room beside the target is short. */
  lesson: ReactNode;
  /** What to do and where to go (try it, Back / Next): always in view. */
  act: ReactNode;
  onClose(): void;
}

/**
 * The tour's floating card, placed beside its target: a non-modal dialog, so the workbench stays usable.
 * On a small screen there may be no room that leaves every panel of a try-it step uncovered (chapter 9
 * acts in the Editor and the Conversation at 1280×720): the card then folds to its header line in a corner.
 */
export function TourCard({ targetSelector, keepSelectors, heading, lesson, act, onClose }: TourCardProps) {
  const card = useRef<HTMLElement>(null);
  const placement = useTourCardPlacement(card, targetSelector, keepSelectors);
  const [folded, setFolded] = useState(false);
  return (
    <aside
      ref={card}
      className="tour-card"
      data-folded={folded}
      data-shape={placement?.shape ?? 'tall'}
      data-side={placement?.side}
      style={
        folded
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
