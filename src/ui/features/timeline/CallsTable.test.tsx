// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { buildTimeline, callArgumentLabels, syntheticRun } from '../../../trace/index.ts';
import { CallsTable } from './CallsTable.tsx';

afterEach(cleanup);

describe('CallsTable', () => {
  it('has one row per call with tool, status, attempts, start and duration in ms', () => {
    const model = buildTimeline(syntheticRun({ calls: 12, seed: 2 }));
    const onSelect = vi.fn();
    render(<CallsTable calls={model.calls} origin={model.start} now={undefined} selectedKey={model.calls[1]!.key} onSelect={onSelect} />);
    const table = screen.getByRole('table', { name: 'Calls' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Tool', 'Status', 'Attempts', 'Start (ms)', 'Duration (ms)', 'Deadline (ms)', 'After deadline', 'Version']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    const first = model.calls[0]!;
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 6),
    ).toEqual([
      // The tool, then what tells the call from the tool's others: the same key argument as the chart's row.
      `${first.name} · ${callArgumentLabels(model.calls).get(first.key)}`,
      first.status,
      String(first.attempts.length),
      String(Math.round(first.startedAt! - model.start)),
      // Its end and start, each rounded, then subtracted (shown-times.ts): start + duration is the end.
      String(Math.round(first.endedAt! - model.start) - Math.round(first.startedAt! - model.start)),
      // The real deadline of its last attempt, relative to the run.
      String(Math.round(first.attempts.at(-1)!.deadline - model.start)),
    ]);
    expect(rows[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(rows[2]!).getByRole('button'));
    expect(onSelect).toHaveBeenCalledWith(model.calls[2]!.key);
  });

  it('pages a big run instead of putting every row in the DOM, and follows the selection', () => {
    const model = buildTimeline(syntheticRun({ calls: 120, seed: 2 }));
    const { rerender } = render(
      <CallsTable calls={model.calls} origin={model.start} now={undefined} selectedKey={null} onSelect={() => {}} pageSize={50} />,
    );
    expect(document.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(screen.getByText('Calls 1–50 of 120')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Calls 51–100 of 120')).toBeDefined();
    rerender(
      <CallsTable
        calls={model.calls}
        origin={model.start}
        now={undefined}
        selectedKey={model.calls[110]!.key}
        onSelect={() => {}}
        pageSize={50}
      />,
    );
    expect(screen.getByText('Calls 101–120 of 120')).toBeDefined();
  });

  it('puts only the rows near the scroll position of a long page into the DOM, and says how many the page has', () => {
    // A live fan-out of 1,000 calls laid out a 500-row table on every frame (issue 30).
    const model = buildTimeline(syntheticRun({ calls: 120, seed: 2 }));
    render(<CallsTable calls={model.calls} origin={model.start} now={undefined} selectedKey={null} onSelect={() => {}} />);
    const table = screen.getByRole('table', { name: 'Calls' });
    expect(screen.getByText('120 calls')).toBeDefined();
    expect(table.getAttribute('aria-rowcount')).toBe('121');
    const rows = [...table.querySelectorAll('tbody tr:not(.calls-spacer)')];
    // Nothing is measured in jsdom: the first screenful, then one spacer for the rest.
    expect(rows.length).toBeLessThan(60);
    expect(rows.map((row) => row.getAttribute('aria-rowindex'))).toEqual(rows.map((_, index) => String(index + 2)));
    expect(rows[0]!.getAttribute('data-call-key')).toBe(model.calls[0]!.key);
    const spacer = table.querySelector<HTMLElement>('tbody tr.calls-spacer')!;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    expect(parseFloat(spacer.style.height)).toBeGreaterThan(0);
  });

  it('renders every row of a short page, with no spacer', () => {
    const model = buildTimeline(syntheticRun({ calls: 50, seed: 3 }));
    render(<CallsTable calls={model.calls} origin={model.start} now={undefined} selectedKey={null} onSelect={() => {}} />);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(document.querySelector('.calls-spacer')).toBeNull();
  });

  it('shows a live call growing and a queued one without a duration', () => {
    const model = buildTimeline(syntheticRun({ calls: 20, concurrency: 2, seed: 1 }).slice(0, 12), 5000);
    render(<CallsTable calls={model.calls} origin={model.start} now={5000} selectedKey={null} onSelect={() => {}} />);
    const statuses = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(statuses).toContain('queued');
    const queued = screen.getAllByRole('row').find((row) => row.textContent?.includes('queued'))!;
    expect(within(queued).getAllByRole('cell')[4]!.textContent).toBe('');
  });
});
