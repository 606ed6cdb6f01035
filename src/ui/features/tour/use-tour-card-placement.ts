import { useLayoutEffect, useState, type RefObject } from 'react';
import { placeTourCard, type Box, type CardPlacement } from './tour-placement.ts';

const boxOf = (element: Element): Box => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};

const samePlacement = (a: CardPlacement | null, b: CardPlacement) =>
  a !== null && (Object.keys(b) as (keyof CardPlacement)[]).every((key) => a[key] === b[key]);

/**
 * Keeps the tour card beside the region it points at (a CSS selector; null: the middle of the screen)
 * and off the regions in `keepSelectors`, measuring again whenever the card, the region or the window
 * changes size (a layout preset or a dragged separator moves the regions). Null until first measured.
 */
export function useTourCardPlacement(
  card: RefObject<HTMLElement | null>,
  targetSelector: string | null,
  keepSelectors: readonly string[],
): CardPlacement | null {
  const [placement, setPlacement] = useState<CardPlacement | null>(null);
  const keepKey = keepSelectors.join(',');
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return;
    const target = targetSelector ? document.querySelector(targetSelector) : null;
    const measure = () => {
      const header = document.querySelector('.app-header');
      const bounds: Box = { left: 0, top: header ? header.getBoundingClientRect().bottom : 0, right: innerWidth, bottom: innerHeight };
      const keep = keepKey ? [...document.querySelectorAll(keepKey)].map(boxOf) : [];
      const next = placeTourCard(bounds, target ? boxOf(target) : null, keep, element.offsetHeight);
      setPlacement((previous) => (samePlacement(previous, next) ? previous : next));
    };
    measure();
    window.addEventListener('resize', measure);
    // jsdom (unit tests) has no ResizeObserver: the first measure is all it gets.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (target) observer?.observe(target);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [card, targetSelector, keepKey]);
  return placement;
}
