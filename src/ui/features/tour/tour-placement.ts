// Where the tour card goes: beside the region a chapter points at, never on it, and off the regions its
// try-it step uses when there is room. Pure geometry on bounding boxes, so it is unit-tested without a
// browser; use-tour-card-placement.ts measures the page and calls it.

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type CardSide = 'left' | 'right' | 'above' | 'below' | 'centre';

export interface CardPlacement {
  left: number;
  top: number;
  width: number;
  maxHeight: number;
  /** 'tall': one column; 'wide': the lesson beside the try-it step, for a short strip above or below. */
  shape: 'tall' | 'wide';
  side: CardSide;
}

/** Space between the card, its target and the edges. */
export const CARD_GAP = 8;
const TALL_WIDTH = 400;
const MIN_TALL_WIDTH = 300;
const WIDE_WIDTH = 720;
const MIN_WIDE_WIDTH = 480;
/** Below this the try-it step and Back/Next no longer fit beside a readable bit of the lesson. */
const MIN_HEIGHT = 220;
/** A strip above or below shorter than this gets the two-column card. */
const WIDE_BELOW_HEIGHT = 520;
const CENTRE_WIDTH = 800;

const width = (box: Box) => box.right - box.left;
const height = (box: Box) => box.bottom - box.top;
const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, high));

interface Candidate {
  placement: CardPlacement;
  box: Box;
  fits: boolean;
  /** Stepping aside (left or right) reads as "beside"; above or below is second best. */
  beside: boolean;
}

/** Free stretches of [low, high] once the given ranges are taken out, widest first. */
function freeRanges(low: number, high: number, taken: readonly [number, number][]): [number, number][] {
  let ranges: [number, number][] = [[low, high]];
  for (const [from, to] of taken)
    ranges = ranges.flatMap(([start, end]): [number, number][] =>
      to <= start || from >= end
        ? [[start, end]]
        : (
            [
              [start, from],
              [to, end],
            ] as [number, number][]
          ).filter(([a, b]) => b > a),
    );
  return ranges.sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
}

function besideCandidate(side: 'left' | 'right', strip: Box, target: Box, cardHeight: number): Candidate {
  const cardWidth = Math.min(TALL_WIDTH, width(strip));
  const maxHeight = height(strip);
  const shown = Math.min(cardHeight || maxHeight, maxHeight);
  // Level with the target's middle, kept inside the strip.
  const top = clamp((target.top + target.bottom) / 2 - shown / 2, strip.top, strip.bottom - shown);
  const left = side === 'left' ? strip.right - cardWidth : strip.left;
  const placement: CardPlacement = { left, top, width: cardWidth, maxHeight, shape: 'tall', side };
  return {
    placement,
    box: { left, top, right: left + cardWidth, bottom: top + shown },
    fits: cardWidth >= MIN_TALL_WIDTH && maxHeight >= MIN_HEIGHT,
    beside: true,
  };
}

function stackedCandidate(side: 'above' | 'below', strip: Box, target: Box, keep: readonly Box[], cardHeight: number): Candidate {
  // Stay off the regions the person acts in (the Run scenario button, Run settings) when a wide enough
  // stretch of the strip is left; otherwise use the whole strip.
  const taken = keep
    .filter((box) => box.top < strip.bottom && box.bottom > strip.top)
    .map((box): [number, number] => [box.left, box.right]);
  const [widest] = freeRanges(strip.left, strip.right, taken);
  const [from, to] = widest && widest[1] - widest[0] >= MIN_WIDE_WIDTH ? widest : [strip.left, strip.right];
  const maxHeight = height(strip);
  const shape = maxHeight < WIDE_BELOW_HEIGHT ? 'wide' : 'tall';
  const cardWidth = Math.min(shape === 'wide' ? WIDE_WIDTH : TALL_WIDTH, to - from);
  const shown = Math.min(cardHeight || maxHeight, maxHeight);
  const left = clamp((target.left + target.right) / 2 - cardWidth / 2, from, to - cardWidth);
  // Against the target's edge: the card's bottom on the target's top, or its top on the target's bottom.
  const top = side === 'above' ? strip.bottom - shown : strip.top;
  return {
    placement: { left, top, width: cardWidth, maxHeight, shape, side },
    box: { left, top, right: left + cardWidth, bottom: top + shown },
    fits: cardWidth >= (shape === 'wide' ? MIN_WIDE_WIDTH : MIN_TALL_WIDTH) && maxHeight >= MIN_HEIGHT,
    beside: false,
  };
}

/**
 * Places the card inside `bounds` (the viewport under the app's header) beside `target`: in the strip left
 * or right of it when one is wide enough, else above or below it. `keep` are regions to leave uncovered
 * when possible; `cardHeight` is the card's height as last measured (0 before the first measure).
 */
export function placeTourCard(bounds: Box, target: Box | null, keep: readonly Box[] = [], cardHeight = 0): CardPlacement {
  const inner: Box = {
    left: bounds.left + CARD_GAP,
    top: bounds.top + CARD_GAP,
    right: bounds.right - CARD_GAP,
    bottom: bounds.bottom - CARD_GAP,
  };
  if (!target) {
    // Nothing to point at (the finish screen): the middle of the screen, two columns when it is short.
    const cardWidth = Math.min(CENTRE_WIDTH, width(inner));
    const shown = Math.min(cardHeight || height(inner), height(inner));
    return {
      left: inner.left + (width(inner) - cardWidth) / 2,
      top: inner.top + (height(inner) - shown) / 2,
      width: cardWidth,
      maxHeight: height(inner),
      shape: cardWidth >= MIN_WIDE_WIDTH && height(inner) < CENTRE_WIDTH ? 'wide' : 'tall',
      side: 'centre',
    };
  }
  const candidates = [
    besideCandidate('left', { ...inner, right: target.left - CARD_GAP }, target, cardHeight),
    besideCandidate('right', { ...inner, left: target.right + CARD_GAP }, target, cardHeight),
    stackedCandidate('above', { ...inner, bottom: target.top - CARD_GAP }, target, keep, cardHeight),
    stackedCandidate('below', { ...inner, top: target.bottom + CARD_GAP }, target, keep, cardHeight),
  ];
  const rank = (candidate: Candidate) =>
    (candidate.fits ? 8 : 0) + (keep.some((box) => intersects(box, candidate.box)) ? 0 : 4) + (candidate.beside ? 2 : 0);
  const area = (candidate: Candidate) => Math.max(0, candidate.placement.width) * Math.max(0, candidate.placement.maxHeight);
  const [best] = candidates.sort((a, b) => rank(b) - rank(a) || area(b) - area(a));
  return best!.placement;
}

/** The widest a card spread over a free room gets: wider, lines of the lesson grow too long to read. */
const ROOM_WIDE_WIDTH = 940;
const ROOM_TALL_WIDTH = 560;

/** The smallest box holding all of `boxes`. */
export function unionOf(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  return {
    left: Math.min(...boxes.map((box) => box.left)),
    top: Math.min(...boxes.map((box) => box.top)),
    right: Math.max(...boxes.map((box) => box.right)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}

/**
 * Places the card over `room`, the regions a chapter leaves free for it (its layout makes them big enough
 * for the whole lesson): two columns when the room is a short, wide strip, one otherwise. Null when the
 * room touches something the card must not cover (`avoid`): the caller then places it beside the target.
 */
export function placeInRoom(room: Box, avoid: readonly Box[], cardHeight = 0): CardPlacement | null {
  const inner: Box = { left: room.left + CARD_GAP, top: room.top + CARD_GAP, right: room.right - CARD_GAP, bottom: room.bottom - CARD_GAP };
  if (width(inner) < MIN_TALL_WIDTH || height(inner) < MIN_HEIGHT) return null;
  const shape = width(inner) >= MIN_WIDE_WIDTH && height(inner) < WIDE_BELOW_HEIGHT ? 'wide' : 'tall';
  const cardWidth = Math.min(width(inner), shape === 'wide' ? ROOM_WIDE_WIDTH : ROOM_TALL_WIDTH);
  const shown = Math.min(cardHeight || height(inner), height(inner));
  const left = inner.left + (width(inner) - cardWidth) / 2;
  const box: Box = { left, top: inner.top, right: left + cardWidth, bottom: inner.top + shown };
  if (avoid.some((other) => intersects(other, box))) return null;
  return { left, top: inner.top, width: cardWidth, maxHeight: height(inner), shape, side: 'centre' };
}
