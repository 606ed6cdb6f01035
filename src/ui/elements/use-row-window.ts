import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

// A long table renders only the rows near its scroll position (docs/adr/0019-row-window-for-long-lists.md):
// the Runs tab with 500 kept runs put 500 rows, each with a checkbox and three buttons, into the DOM on
// every open and every change of a filter, and a person sees about thirty of them.

/** The rows to render, [first, last), and the heights (px) of the rows left out above and below. */
export interface RowWindow {
  first: number;
  last: number;
  before: number;
  after: number;
}

export interface RowWindowOptions {
  /** Rendered before anything is measured (the first paint, or a page without layout): a screenful. */
  initialRows?: number;
  /** Rows rendered past each edge of the view, so a scroll shows rows already there. */
  overscan?: number;
  /** A row's height (px) until rendered rows are measured. */
  estimatedRowHeight?: number;
  /**
   * A list that is shown again and again (a tab's table, unmounted while another tab is open) starts
   * from the height it measured last time under this name: its first render is then the window it
   * keeps, not a default screenful followed by a second render and layout in the same frame.
   */
  rememberAs?: string;
}

interface View {
  /** The scroll offset from the top of the table body, and the height in view, in px. */
  offset: number;
  height: number;
  rowHeight: number;
}

/** The nearest ancestor that scrolls vertically: its scroll position says which rows are in view. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

export function rowWindow(count: number, view: View | null, options: Required<Omit<RowWindowOptions, 'rememberAs'>>): RowWindow {
  const rowHeight = view?.rowHeight ?? options.estimatedRowHeight;
  // Nothing measured (no layout yet, or none at all, as in jsdom): the first screenful.
  if (!view || view.height <= 0) {
    const last = Math.min(count, options.initialRows);
    return { first: 0, last, before: 0, after: (count - last) * rowHeight };
  }
  const inView = Math.ceil(view.height / rowHeight);
  // Past the end (a filter left fewer rows than the scroll position was at): the last screenful, until
  // the browser's clamped scroll position is measured.
  const first = Math.max(0, Math.min(count - inView - options.overscan, Math.floor(view.offset / rowHeight) - options.overscan));
  const last = Math.max(first, Math.min(count, Math.ceil((view.offset + view.height) / rowHeight) + options.overscan));
  return { first, last, before: first * rowHeight, after: (count - last) * rowHeight };
}

const defaults: Required<Omit<RowWindowOptions, 'rememberAs'>> = { initialRows: 40, overscan: 10, estimatedRowHeight: 26 };

/** The view last measured, by `rememberAs`, as it was unscrolled (a new mount starts at the top). */
const remembered = new Map<string, View>();

/**
 * Which of `count` rows of the table body `body` to render. Follows the scroll parent's scroll and size;
 * re-renders only when the window of rows changes, not on every scroll event.
 */
export function useRowWindow(body: RefObject<HTMLElement | null>, count: number, options: RowWindowOptions = {}): RowWindow {
  const { rememberAs, ...chosenOptions } = options;
  const settings = { ...defaults, ...chosenOptions };
  const [view, setView] = useState<View | null>(() => {
    const last = rememberAs === undefined ? undefined : remembered.get(rememberAs);
    return last ?? null;
  });
  const shown = rowWindow(count, view, settings);
  // What the last render showed, for the scroll handler (set after each render, before it can run).
  const latest = useRef({ shown, count, settings });
  useLayoutEffect(() => {
    latest.current = { shown, count, settings };
  });

  // Measured again when the count changes too (a filter): the scroll position may now be past the end.
  useLayoutEffect(() => {
    const element = body.current;
    const scroller = element && scrollParent(element);
    if (!element || !scroller) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const { shown: current, count: rows, settings: chosen } = latest.current;
      const rendered = current.last - current.first;
      const bodyBox = element.getBoundingClientRect();
      // The rows rendered, less the spacers around them, tell the height of a row.
      const measured = rendered > 0 ? (bodyBox.height - current.before - current.after) / rendered : 0;
      const rowHeight = measured > 0 ? measured : chosen.estimatedRowHeight;
      const next: View = { offset: scroller.getBoundingClientRect().top - bodyBox.top, height: scroller.clientHeight, rowHeight };
      const window = rowWindow(rows, next, chosen);
      if (rememberAs !== undefined && next.height > 0) remembered.set(rememberAs, { ...next, offset: next.offset - scroller.scrollTop });
      // Only a change of the rows to render (or of the height a row takes) is worth a render.
      setView((previous) => {
        const before = rowWindow(rows, previous, chosen);
        const sameRows = previous !== null && before.first === window.first && before.last === window.last;
        return sameRows && Math.abs(previous.rowHeight - rowHeight) < 1 ? previous : next;
      });
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    scroller.addEventListener('scroll', schedule, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    resizes?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', schedule);
      resizes?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [body, count, rememberAs]);

  return shown;
}
