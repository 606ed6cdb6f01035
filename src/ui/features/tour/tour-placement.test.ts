import { describe, expect, it } from 'vitest';
import { placeInRoom, placeTourCard, unionOf, type Box, type CardPlacement } from './tour-placement.ts';

// Regions as measured in Chromium at 1280×720 (Edit layout, then the Run layout a run switches to).
const bounds: Box = { left: 0, top: 40, right: 1280, bottom: 720 };
const edit = {
  testCall: { left: 218, top: 310, right: 896, bottom: 475 },
  conversation: { left: 897, top: 40, right: 1280, bottom: 475 },
  runSettings: { left: 0, top: 310, right: 218, bottom: 475 },
  timeline: { left: 0, top: 476, right: 1280, bottom: 720 },
};
const run = {
  conversation: { left: 742, top: 40, right: 1280, bottom: 325 },
  runSettings: { left: 0, top: 230, right: 179, bottom: 325 },
  timeline: { left: 0, top: 326, right: 1280, bottom: 720 },
};

/** The card's box at its largest (its max-height), or at the measured height. */
const boxOf = (placement: CardPlacement, height = placement.maxHeight): Box => ({
  left: placement.left,
  top: placement.top,
  right: placement.left + placement.width,
  bottom: placement.top + height,
});
const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Box, b: Box) => a.left >= b.left && a.top >= b.top && a.right <= b.right && a.bottom <= b.bottom;

describe('placeTourCard', () => {
  it('steps beside a region that leaves room left or right, level with it', () => {
    const placement = placeTourCard(bounds, edit.testCall, [], 400);
    expect(placement).toMatchObject({ side: 'right', shape: 'tall' });
    expect(intersects(boxOf(placement, 400), edit.testCall)).toBe(false);
    expect(inside(boxOf(placement, 400), bounds)).toBe(true);
    // Centred on the target's middle (392) as far as the screen allows.
    expect(placement.top + 200).toBe(392.5);
  });

  it('goes above a full-width region, in two columns when the strip is short, off the Conversation and Run settings', () => {
    for (const layout of [edit, run]) {
      const placement = placeTourCard(bounds, layout.timeline, [layout.conversation, layout.runSettings], 300);
      expect(placement.side).toBe('above');
      expect(placement.shape).toBe('wide');
      const card = boxOf(placement, Math.min(300, placement.maxHeight));
      expect(intersects(card, layout.timeline)).toBe(false);
      expect(intersects(card, layout.conversation)).toBe(false);
      expect(intersects(card, layout.runSettings)).toBe(false);
      expect(placement.width).toBeGreaterThanOrEqual(480);
    }
  });

  it('covers a region it is asked to keep clear only when no other room is left', () => {
    // A strip too narrow beside the kept regions: the whole strip above the timeline is used.
    const crowded = [{ left: 300, top: 40, right: 1280, bottom: 475 }];
    const placement = placeTourCard(bounds, edit.timeline, crowded, 300);
    expect(intersects(boxOf(placement, 300), edit.timeline)).toBe(false);
    expect(intersects(boxOf(placement, 300), crowded[0]!)).toBe(true);
  });

  it('never covers its target at 1280×720 and 1440×900 whatever the region', () => {
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ] as const) {
      const screen: Box = { left: 0, top: 40, right: width, bottom: height };
      const regions: Box[] = [
        { left: 0, top: 40, right: width * 0.17, bottom: height * 0.4 },
        { left: width * 0.17, top: 40, right: width * 0.7, bottom: height * 0.42 },
        { left: width * 0.7, top: 40, right: width, bottom: height * 0.64 },
        { left: 0, top: height * 0.64, right: width, bottom: height },
        { left: 0, top: height * 0.42, right: width, bottom: height },
      ];
      for (const region of regions)
        for (const measured of [0, 250, 700]) {
          const placement = placeTourCard(screen, region, [], measured);
          const card = boxOf(placement, measured === 0 ? placement.maxHeight : Math.min(measured, placement.maxHeight));
          expect(intersects(card, region), JSON.stringify({ width, region, placement })).toBe(false);
          expect(inside(card, screen)).toBe(true);
        }
    }
  });

  it('centres a card with nothing to point at', () => {
    const placement = placeTourCard(bounds, null, [], 500);
    expect(placement.side).toBe('centre');
    expect(placement.left + placement.width / 2).toBe(640);
    expect(placement.top + 250).toBe(380);
  });
});

describe('a card over the room its chapter leaves free', () => {
  const editingRow = { left: 0, top: 40, right: 896, bottom: 448 };
  const timeline = { left: 0, top: 448, right: 896, bottom: 720 };

  it('spreads over a short, wide room in two columns, inside it', () => {
    const placement = placeInRoom(editingRow, [timeline], 300);
    expect(placement).toMatchObject({ shape: 'wide', top: 48, maxHeight: 392 });
    expect(placement!.left).toBeGreaterThanOrEqual(8);
    expect(placement!.left + placement!.width).toBeLessThanOrEqual(888);
  });

  it('is one column in a tall room, and no placement at all when the room would cover what must stay in view', () => {
    expect(placeInRoom({ left: 900, top: 40, right: 1280, bottom: 720 }, [], 500)).toMatchObject({ shape: 'tall', width: 364 });
    expect(placeInRoom(editingRow, [{ left: 100, top: 100, right: 140, bottom: 120 }], 300)).toBeNull();
    expect(placeInRoom({ left: 0, top: 0, right: 200, bottom: 720 }, [], 300)).toBeNull();
    expect(unionOf([editingRow, timeline])).toEqual({ left: 0, top: 40, right: 896, bottom: 720 });
  });
});
