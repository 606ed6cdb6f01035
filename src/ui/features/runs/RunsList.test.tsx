// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { branchRows } from '../../../history/index.ts';
import { testRun } from '../../../history/stored-runs.test-support.ts';
import { RunsList } from './RunsList.tsx';

afterEach(cleanup);

const noop = () => {};

describe('RunsList', () => {
  it('puts a screenful of 500 kept runs in the DOM, not all 500, and says how many rows the table has', () => {
    const runs = Array.from({ length: 500 }, (_, index) => ({
      ...testRun({ startedAt: 500 - index, title: `Run ${index}` }).summary,
      id: `run-${index}`,
      size: 1,
    }));
    render(
      <div style={{ overflow: 'auto' }}>
        <RunsList
          rows={branchRows(runs)}
          openedId={null}
          picked={[]}
          formatTime={String}
          onTogglePick={noop}
          onOpen={noop}
          onExport={noop}
          onDelete={noop}
          onCompareWithParent={noop}
        />
      </div>,
    );
    const table = screen.getByRole('table', { name: 'Kept runs' });
    expect(table.getAttribute('aria-rowcount')).toBe('501');
    const rendered = within(table)
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('aria-rowindex'));
    expect(rendered.length).toBeLessThanOrEqual(60);
    // The newest first, numbered from 2 (the header row is 1).
    expect(rendered[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(rendered[0]!.textContent).toContain('Run 0');
    // The rest are one spacer row as tall as they would be, hidden from assistive technology.
    const spacer = table.querySelector('tr.runs-spacer') as HTMLElement;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    expect(parseFloat(spacer.style.height)).toBeGreaterThan(400 * 20);
  });
});
