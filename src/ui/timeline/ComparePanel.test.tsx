// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { syntheticRun } from '../../trace/index.ts';
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
});
