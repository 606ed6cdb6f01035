import { describe, expect, it } from 'vitest';
import { rowWindow } from './use-row-window.ts';

const options = { initialRows: 40, overscan: 10, estimatedRowHeight: 26 };

describe('rowWindow', () => {
  it('renders the first screenful before anything is measured', () => {
    expect(rowWindow(500, null, options)).toEqual({ first: 0, last: 40, before: 0, after: 460 * 26 });
    expect(rowWindow(12, null, options)).toEqual({ first: 0, last: 12, before: 0, after: 0 });
  });

  it('renders the rows in view and a margin of rows past each edge; the spacers stand for the rest', () => {
    // Scrolled 3,000 px into rows of 30 px, 600 px in view: rows 100-119 are in view.
    expect(rowWindow(500, { offset: 3_000, height: 600, rowHeight: 30 }, options)).toEqual({
      first: 90,
      last: 130,
      before: 90 * 30,
      after: 370 * 30,
    });
  });

  it('stays within the list at its ends, and after a filter left the scroll position past the end', () => {
    // The body starts 200 px below the top of the view: its first 400 px (14 rows) are in view.
    expect(rowWindow(500, { offset: -200, height: 600, rowHeight: 30 }, options)).toMatchObject({ first: 0, last: 24 });
    expect(rowWindow(500, { offset: 14_700, height: 600, rowHeight: 30 }, options)).toMatchObject({ first: 470, last: 500, after: 0 });
    expect(rowWindow(20, { offset: 14_700, height: 600, rowHeight: 30 }, options)).toEqual({ first: 0, last: 20, before: 0, after: 0 });
    expect(rowWindow(100, { offset: 14_700, height: 600, rowHeight: 30 }, options)).toEqual({
      first: 70,
      last: 100,
      before: 2_100,
      after: 0,
    });
  });
});
