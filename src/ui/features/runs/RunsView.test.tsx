// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { branchRows, type StoredRunSummary } from '../../../history/index.ts';
import { testRun } from '../../../history/stored-runs.test-support.ts';
import { RunsView } from './RunsView.tsx';

afterEach(cleanup);

const summary = (id: string, startedAt: number, extra: Partial<StoredRunSummary> = {}): StoredRunSummary => ({
  ...testRun({ startedAt, title: id === 'fork' ? 'Parallel calls' : id }).summary,
  id,
  size: 1,
  ...extra,
});

function renderView(picked: string[], { withParent = true } = {}) {
  const runs = [
    summary('fork', 30, { parentRunId: 'parent', forkedAt: 'result of get_weather after model turn 1' }),
    summary('Timeout', 20),
    ...(withParent ? [summary('parent', 10, { title: 'Parallel calls' })] : []),
  ];
  const handlers = { onTogglePick: vi.fn(), onCompare: vi.fn(), onCompareWithParent: vi.fn(), onClearPicks: vi.fn() };
  render(
    <RunsView
      status="ready"
      problem={null}
      damaged={0}
      total={runs.length}
      rows={branchRows(runs)}
      toolNames={[]}
      filter={{}}
      now={0}
      openedId={null}
      picked={picked}
      formatTime={(epochMs) => `t${epochMs}`}
      onFilterChange={() => {}}
      onOpen={() => {}}
      onExport={() => {}}
      onDelete={() => {}}
      onRemoveDamaged={() => {}}
      {...handlers}
    />,
  );
  return handlers;
}

describe('RunsView', () => {
  it('lists a fork under its parent with where it left it, and compares it with its parent', () => {
    const { onCompareWithParent } = renderView([]);
    const rows = within(screen.getByRole('table', { name: 'Kept runs' }))
      .getAllByRole('row')
      .slice(1);
    const titles = rows.map((row) => [row.querySelector('.runs-branch')?.textContent, row.querySelector('.runs-fork-point')?.textContent]);
    expect(titles).toEqual([
      ['Timeout', undefined],
      ['1 branch Parallel calls', undefined],
      ['↳ fork Parallel calls', 'at the result of get_weather after model turn 1 · Compare with parent'],
    ]);
    expect(within(rows[1]!).queryByRole('button', { name: /with the run it forked from/ })).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Compare Parallel calls (t30) with the run it forked from' }));
    expect(onCompareWithParent).toHaveBeenCalledWith('fork');
  });

  it('compares only once two runs are ticked', () => {
    const first = renderView(['Timeout']);
    expect(screen.getByText('Tick one more run to compare.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Compare side by side' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick Parallel calls (t10) to compare' }));
    expect(first.onTogglePick).toHaveBeenCalledWith('parent');
    cleanup();

    const second = renderView(['Timeout', 'parent']);
    expect(screen.getByRole('checkbox', { name: 'Pick Timeout (t20) to compare' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    expect(second.onCompare).toHaveBeenCalledOnce();
  });

  it('says so when a fork is listed without its parent (deleted, or filtered out), and can still ask to compare', () => {
    const { onCompareWithParent } = renderView([], { withParent: false });
    const fork = within(screen.getByRole('table', { name: 'Kept runs' })).getAllByRole('row')[1]!;
    expect(fork.querySelector('.runs-fork-point')?.textContent).toBe(
      'fork of a run not listed, at the result of get_weather after model turn 1 · Compare with parent',
    );
    fireEvent.click(within(fork).getByRole('button', { name: /with the run it forked from/ }));
    expect(onCompareWithParent).toHaveBeenCalledWith('fork');
  });
});
