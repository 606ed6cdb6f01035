// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { buildTimeline, syntheticRun } from '../../../trace/index.ts';
import { TimelineChart } from './TimelineChart.tsx';

beforeEach(() => {
  // jsdom has neither layout observers nor a 2D canvas; the chart must still render and react.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TimelineChart', () => {
  const model = buildTimeline(syntheticRun({ calls: 30, concurrency: 3, seed: 4 }));

  it('offers zoom controls, a legend, and a summary of the run against its limit', () => {
    render(<TimelineChart model={model} selectedKey={null} onSelect={() => {}} now={undefined} concurrencyLimit={3} />);
    expect(screen.getByRole('toolbar', { name: 'Timeline controls' }).textContent).toContain('peak 3 of 3');
    expect((screen.getByRole('button', { name: 'Zoom to selection' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Reset zoom' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect((screen.getByRole('button', { name: 'Reset zoom' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect((screen.getByRole('button', { name: 'Reset zoom' }) as HTMLButtonElement).disabled).toBe(true);
    const legend = screen.getByRole('list', { name: 'Legend', hidden: true });
    for (const entry of [
      'Queued (waiting for a slot)',
      'Running',
      'Backoff wait',
      'Timeout',
      'Work past its deadline (result discarded; ✕ = killed)',
      'Deadline',
    ])
      expect(legend.textContent).toContain(entry);
  });

  it('moves the selection with the arrow keys and zooms to it', () => {
    const onSelect = vi.fn();
    const { rerender } = render(
      <TimelineChart model={model} selectedKey={null} onSelect={onSelect} now={undefined} concurrencyLimit={3} />,
    );
    const chart = screen.getByRole('group', { name: 'Timeline chart' });
    fireEvent.keyDown(chart, { key: 'ArrowDown' });
    expect(onSelect).toHaveBeenLastCalledWith(model.calls[0]!.key);
    rerender(<TimelineChart model={model} selectedKey={model.calls[0]!.key} onSelect={onSelect} now={undefined} concurrencyLimit={3} />);
    fireEvent.keyDown(chart, { key: 'ArrowDown' });
    expect(onSelect).toHaveBeenLastCalledWith(model.calls[1]!.key);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom to selection' }));
    expect((screen.getByRole('button', { name: 'Reset zoom' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });
});
