// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { buildTimeline, runMetrics, syntheticRun } from '../../../trace/index.ts';
import { MetricsView } from './MetricsView.tsx';

afterEach(cleanup);

describe('MetricsView', () => {
  it('shows per-tool calls, success rate, errors by kind, retries and percentiles', () => {
    const metrics = runMetrics(buildTimeline(syntheticRun({ calls: 100, seed: 9 })));
    render(<MetricsView metrics={metrics} />);
    const table = screen.getByRole('table', { name: 'Metrics per tool' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(metrics.tools.map((tool) => tool.name));
    const first = metrics.tools[0]!;
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe(String(first.calls));
    expect(cells[1]).toMatch(/%$/);
    expect(cells[5]).toBe(String(Math.round(first.latencyMs.p50)));
    expect(screen.getByText(/peak concurrency/).textContent).toContain(String(metrics.peakConcurrency));
  });

  it('says when there is nothing yet', () => {
    render(<MetricsView metrics={runMetrics(buildTimeline([]))} />);
    expect(screen.getByText(/Metrics appear here/)).toBeDefined();
  });
});
