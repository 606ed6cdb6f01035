import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { placeInRoom, placeTourCard, unionOf, type Box, type CardPlacement } from './tour-placement.ts';

const boxOf = (element: Element): Box => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};

const samePlacement = (a: CardPlacement | null, b: CardPlacement) =>
  a !== null && (Object.keys(b) as (keyof CardPlacement)[]).every((key) => a[key] === b[key]);

export interface CardSurroundings {
  /** The region the card points at (a CSS selector; null: the middle of the screen). */
  target: string | null;
  /** The regions the card may sit over (CSS selectors). */
  room: readonly string[];
  /** What the card must leave uncovered: the target, the controls the step asks for, the regions watched. */
  avoid(): Element[];
}

/**
 * Keeps the tour card over the room its chapter leaves free, else beside the region it points at, off
 * everything it must not cover, measuring again whenever the card, the target or the window changes size
 * (a lesson layout or a dragged separator moves the regions). Null until first measured.
 */
export function useTourCardPlacement(
  card: RefObject<HTMLElement | null>,
  surroundings: CardSurroundings | null,
  key: string,
): CardPlacement | null {
  const [placement, setPlacement] = useState<CardPlacement | null>(null);
  // Read through a ref: the surroundings change with the chapter, which `key` names.
  const latest = useRef(surroundings);
  useLayoutEffect(() => {
    latest.current = surroundings;
  });
  useLayoutEffect(() => {
    const element = card.current;
    const surroundings = latest.current;
    if (!element || !surroundings) return;
    const target = surroundings.target ? document.querySelector(surroundings.target) : null;
    const measure = () => {
      const header = document.querySelector('.app-header');
      const bounds: Box = { left: 0, top: header ? header.getBoundingClientRect().bottom : 0, right: innerWidth, bottom: innerHeight };
      const avoid = surroundings.avoid().map(boxOf);
      const rooms = surroundings.room.map((selector) => [...document.querySelectorAll(selector)]);
      const room = rooms.every((found) => found.length > 0) ? unionOf(rooms.flat().map(boxOf)) : null;
      const next =
        (room && placeInRoom(room, avoid, element.offsetHeight)) ??
        placeTourCard(bounds, target ? boxOf(target) : null, avoid, element.offsetHeight);
      setPlacement((previous) => (samePlacement(previous, next) ? previous : next));
    };
    measure();
    window.addEventListener('resize', measure);
    // jsdom (unit tests) has no ResizeObserver: the first measure is all it gets.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (target) observer?.observe(target);
    for (const selector of surroundings.room) {
      const region = document.querySelector(selector);
      if (region) observer?.observe(region);
    }
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [card, key]);
  return placement;
}
