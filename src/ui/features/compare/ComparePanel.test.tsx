// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { syntheticRun } from '../../../trace/index.ts';
import { ComparePanel } from './ComparePanel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ComparePanel', () => {
  it('runs the chosen variants and stacks their timelines with total times', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    const onRun = vi.fn();
    const events = syntheticRun({ calls: 10, seed: 1 });
    render(
      <ComparePanel
        scenarioName="Fan-out"
        running={false}
        error={null}
        onRun={onRun}
        onStop={() => {}}
        entries={[
          {
            variantId: 'concurrency-1',
            label: 'Concurrency 1',
            settingsText: 'concurrency 1',
            concurrencyLimit: 1,
            result: { events, totalMs: 4200 },
          },
          { variantId: 'unlimited', label: 'Unlimited concurrency', settingsText: 'unlimited', concurrencyLimit: null, result: null },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'No retries' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(onRun).toHaveBeenCalledWith(['concurrency-1', 'concurrency-3', 'unlimited', 'no-retries']);
    const results = within(screen.getByRole('list', { name: 'Comparison of Fan-out' })).getAllByRole('listitem');
    expect(results[0]!.textContent).toContain('total 4.2 s');
    expect(within(results[0]!).getByRole('img', { name: 'Concurrency 1: total 4.2 s' })).toBeDefined();
    expect(results[1]!.textContent).toContain('not run');
  });

  it('shows two kept runs with what differs, their own lines and a row each in the figures', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    const entry = (letter: string, calls: number, details: string[]) => ({
      variantId: letter,
      label: `${letter} · Parallel calls`,
      settingsText: `Scenario · ${letter === 'A' ? 'Dec 1, 05:20' : 'Dec 1, 05:22'} · ok: final answer`,
      concurrencyLimit: 4,
      result: { events: syntheticRun({ calls, seed: 2 }), totalMs: calls * 100 },
      details,
    });
    render(
      <ComparePanel
        scenarioName={null}
        running={false}
        error={null}
        keptRuns={{ title: 'two runs of Parallel calls', notes: ['Settings that differ: concurrency.', 'Same tool versions.'] }}
        onRun={() => {}}
        onStop={() => {}}
        entries={[entry('A', 4, ['Settings: concurrency 4']), entry('B', 8, ['Settings: concurrency 1'])]}
      />,
    );
    const heading = screen.getByRole('region', { name: 'Kept runs side by side' });
    expect(heading.textContent).toContain('Side by side: two runs of Parallel calls');
    expect(heading.textContent).toContain('Settings that differ: concurrency.');
    const figures = screen.getByRole('table', { name: 'Figures per run' });
    expect(
      within(figures)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['A · Parallel calls', 'B · Parallel calls']);
    const results = screen.getByRole('list', { name: 'Kept runs compared: two runs of Parallel calls' }).children;
    expect(results[0]!.textContent).toContain('Settings: concurrency 4');
    expect(screen.getByRole('img', { name: 'B · Parallel calls: total 800 ms' })).toBeDefined();
  });
});
