import { describe, expect, it } from 'vitest';
import {
  contentHeight,
  headerHeight,
  laneAt,
  laneHeight,
  layout,
  rowAt,
  rowTop,
  scaledLayout,
  shownLaneCount,
  visibleRows,
} from './timeline-layout.ts';

describe('timeline layout', () => {
  it('shows a small limit as a ceiling above the lanes used, and thins lanes when there are many', () => {
    expect(shownLaneCount(2, 4)).toBe(4);
    expect(shownLaneCount(5, null)).toBe(5);
    expect(shownLaneCount(3, 500)).toBe(3);
    expect(laneHeight(4)).toBe(layout.laneHeight);
    expect(laneHeight(100)).toBe(1);
    expect(headerHeight(0)).toBe(layout.axisHeight);
  });

  it('finds the visible rows and the row under the pointer for a scroll position', () => {
    const header = headerHeight(2);
    expect(visibleRows(0, header + 5 * layout.rowHeight, header, 100)).toEqual({ first: 0, last: 5 });
    expect(visibleRows(210, header + 100, header, 100)).toEqual({ first: 10, last: 16 });
    expect(visibleRows(0, 1000, header, 3)).toEqual({ first: 0, last: 3 });
    expect(rowAt(header + 5, 0, header, 10)).toBe(0);
    expect(rowAt(header + 5, 45, header, 10)).toBe(2);
    expect(rowAt(header - 1, 0, header, 10)).toBeNull();
    expect(rowAt(header + 10 * layout.rowHeight, 0, header, 10)).toBeNull();
    expect(rowTop(3, 20, header)).toBe(header + 3 * layout.rowHeight - 20);
    expect(contentHeight(10, 2)).toBe(header + 10 * layout.rowHeight + 4);
  });

  it('finds the lane under the pointer', () => {
    const top = layout.axisHeight + layout.lanesPadding;
    expect(laneAt(top + 1, 3)).toBe(0);
    expect(laneAt(top + layout.laneHeight * 2 + 1, 3)).toBe(2);
    expect(laneAt(top + layout.laneHeight * 3 + 1, 3)).toBeNull();
    expect(laneAt(top - 2, 3)).toBeNull();
  });
});

describe('presenter layout (issue 14)', () => {
  it('doubles text and bars, and a fan-out of ten calls with its model row and four lanes fits under 600 px', () => {
    const presenter = scaledLayout(2);
    expect([presenter.rowFontSize, presenter.smallFontSize, presenter.barHeight]).toEqual([24, 22, 24]);
    // Model row, two iteration headers and ten calls.
    expect(contentHeight(13, 4, presenter)).toBeLessThanOrEqual(600);
    expect(scaledLayout(1)).toBe(layout);
  });
});
