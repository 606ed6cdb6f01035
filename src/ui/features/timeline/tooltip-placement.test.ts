import { describe, expect, it } from 'vitest';
import { placeTooltip } from './tooltip-placement.ts';

const window = { width: 1280, height: 720 };
const tooltip = { width: 220, height: 140 };
const inside = ({ left, top }: { left: number; top: number }) =>
  left >= 0 && top >= 0 && left + tooltip.width <= window.width && top + tooltip.height <= window.height;

describe('placeTooltip (issue 14)', () => {
  it('sits below and right of the pointer when there is room', () => {
    expect(placeTooltip({ x: 100, y: 100 }, tooltip, window)).toEqual({ left: 112, top: 114 });
  });

  it('flips above the pointer near the bottom and left of it near the right edge', () => {
    const placed = placeTooltip({ x: 1250, y: 700 }, tooltip, window);
    expect(placed).toEqual({ left: 1250 - 12 - 220, top: 700 - 14 - 140 });
    expect(inside(placed)).toBe(true);
  });

  it('stays inside the window wherever the pointer is, even when the tooltip barely fits', () => {
    for (const x of [0, 5, 300, 640, 1100, 1279])
      for (const y of [0, 10, 360, 600, 719]) expect(inside(placeTooltip({ x, y }, tooltip, window))).toBe(true);
    expect(inside(placeTooltip({ x: 640, y: 360 }, tooltip, { width: 230, height: 150 }))).toBe(true);
  });
});
