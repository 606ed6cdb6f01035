// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { useRowWindow, type RowWindow } from './use-row-window.ts';

afterEach(cleanup);

// jsdom lays nothing out: the scroller says it is 300 px tall and the body's rows 30 px each.
const rowHeight = 30;
const viewHeight = 300;

function List({ count, rememberAs, windows }: { count: number; rememberAs?: string; windows: RowWindow[] }) {
  const body = useRef<HTMLDivElement>(null);
  const shown = useRowWindow(body, count, rememberAs === undefined ? {} : { rememberAs });
  windows.push(shown);
  return (
    <div
      style={{ overflowY: 'auto' }}
      ref={(scroller) => {
        if (scroller) Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: viewHeight });
      }}
    >
      <div
        ref={(element) => {
          body.current = element;
          if (element)
            element.getBoundingClientRect = () =>
              ({ top: 0, height: shown.before + shown.after + (shown.last - shown.first) * rowHeight }) as DOMRect;
        }}
      />
    </div>
  );
}

describe('useRowWindow, opened again (issue 30)', () => {
  it('opens a list it showed before with the window it keeps: one render, not a screenful and then another', () => {
    const first: RowWindow[] = [];
    render(<List count={500} rememberAs="runs" windows={first} />);
    // The first time: the default screenful of 40 rows, then the measured window of 10 in view and 10 past it.
    expect(first.map((shown) => shown.last)).toEqual([40, 20]);
    cleanup();
    const again: RowWindow[] = [];
    render(<List count={500} rememberAs="runs" windows={again} />);
    expect(again.map((shown) => shown.last)).toEqual([20]);
    // A list with no name of its own starts from the default every time.
    const unnamed: RowWindow[] = [];
    render(<List count={500} windows={unnamed} />);
    expect(unnamed.map((shown) => shown.last)).toEqual([40, 20]);
  });
});
