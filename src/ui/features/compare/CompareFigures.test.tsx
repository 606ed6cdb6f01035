// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComparisonFigures } from '../../../trace/index.ts';
import { CompareFigures } from './CompareFigures.tsx';

afterEach(cleanup);

const figures = (overrides: Partial<ComparisonFigures>): ComparisonFigures => ({
  totalMs: 2000,
  calls: 16,
  errors: {},
  errorCount: 0,
  retries: 0,
  p95CallMs: 1500,
  peakInFlight: 4,
  slotsHeldMs: 7000,
  workPastDeadlinesMs: 0,
  longestPastDeadlineMs: 0,
  kills: 0,
  ...overrides,
});

describe('CompareFigures', () => {
  it('shows every figure per variant, errors by kind, and marks the best value of each column', () => {
    render(
      <CompareFigures
        rows={[
          { label: 'Concurrency 1', figures: figures({ totalMs: 3450, p95CallMs: 3200, peakInFlight: 1, slotsHeldMs: 3200 }) },
          { label: 'Concurrency 3', figures: figures({ totalMs: 2450, p95CallMs: 2200, peakInFlight: 3, slotsHeldMs: 6100 }) },
          {
            label: 'Unlimited concurrency',
            figures: figures({
              totalMs: 2790,
              errors: { execution_error: 4 },
              errorCount: 4,
              retries: 20,
              p95CallMs: 2540,
              peakInFlight: 16,
              slotsHeldMs: 24_680,
            }),
          },
          { label: 'No retries', figures: null },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Figures per variant' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Variant', 'Total', 'Errors', 'Retries', 'p95 call', 'Peak in flight', 'Slots held']);
    const cells = (label: string) =>
      within(screen.getByRole('row', { name: new RegExp(`^${label}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Concurrency 1')).toEqual(['3.5 s', 'none ★ (best)', '0 ★ (best)', '3.2 s', '1', '3.2 s ★ (best)']);
    expect(cells('Concurrency 3')).toEqual(['2.5 s ★ (best)', 'none ★ (best)', '0 ★ (best)', '2.2 s ★ (best)', '3', '6.1 s']);
    expect(cells('Unlimited concurrency')).toEqual(['2.8 s', '4 execution_error', '20', '2.5 s', '16', '24.7 s']);
    expect(cells('No retries')).toEqual(['–', '–', '–', '–', '–', '–']);
  });

  it('stars no call time for a run without calls (a fork that replayed them all)', () => {
    render(
      <CompareFigures
        rowHeading="Run"
        rows={[
          { label: 'A · Parallel calls', figures: figures({ totalMs: 1900, p95CallMs: 1700, slotsHeldMs: 1600 }) },
          { label: 'B · Parallel calls', figures: figures({ totalMs: 18, calls: 0, p95CallMs: 0, peakInFlight: 0, slotsHeldMs: 0 }) },
        ]}
      />,
    );
    const cells = (label: string) =>
      within(screen.getByRole('table', { name: 'Figures per run' }))
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .querySelectorAll('td');
    expect([...cells('B')].map((cell) => cell.textContent)).toEqual(['18 ms ★ (best)', 'none', '0', 'no calls', '0', '0 ms']);
  });

  // Issue 27, point 8: the three timeout strategies had the same figures in every column; what tells them
  // apart (work left running past the deadline, the longest zombie, kills) is a column of its own.
  it('adds the after-deadline columns when some work outlived its deadline, starring the least work left running', () => {
    const timeouts = {
      totalMs: 3150,
      calls: 2,
      errors: { timeout: 2 },
      errorCount: 2,
      p95CallMs: 3000,
      peakInFlight: 2,
      slotsHeldMs: 6000,
    };
    render(
      <CompareFigures
        rows={[
          { label: 'Timeout: race only', figures: figures({ ...timeouts, workPastDeadlinesMs: 6000, longestPastDeadlineMs: 3000 }) },
          { label: 'Timeout: abort signal', figures: figures({ ...timeouts, workPastDeadlinesMs: 3000, longestPastDeadlineMs: 3000 }) },
          {
            label: 'Timeout: abort, then kill',
            figures: figures({ ...timeouts, workPastDeadlinesMs: 2000, longestPastDeadlineMs: 2000, kills: 1 }),
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Figures per variant' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
        .slice(-3),
    ).toEqual(['Work past deadlines', 'Longest zombie', 'Kills']);
    const lastThree = (label: string) =>
      within(screen.getByRole('row', { name: new RegExp(`^${label}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(-3);
    expect(lastThree('Timeout: race only')).toEqual(['6.0 s', '3.0 s', '0']);
    expect(lastThree('Timeout: abort signal')).toEqual(['3.0 s', '3.0 s', '0']);
    // A kill is the cure, not a score: the Kills column counts without a star.
    expect(lastThree('Timeout: abort, then kill')).toEqual(['2.0 s ★ (best)', '2.0 s ★ (best)', '1']);
  });

  // Issue 27, point 9: "Compare with parent" gave the fork ★ for total and errors, counting only its part after the fork.
  it('stars nothing when a row is a fork, whose figures leave out the part before its fork point', () => {
    render(
      <CompareFigures
        rowHeading="Run"
        rows={[
          { label: 'A · Parallel calls', figures: figures({ totalMs: 1900, errors: { timeout: 1 }, errorCount: 1 }) },
          { label: 'B · Parallel calls', figures: figures({ totalMs: 300, calls: 1 }), partial: true },
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Figures per run' }).textContent).not.toContain('★');
    expect(screen.getByText(/No ★: a fork’s figures count only what ran after its fork point/)).toBeTruthy();
  });
});
