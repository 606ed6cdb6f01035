import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline-builder.ts';
import { runMetrics } from './run-metrics.ts';
import { flakyTool, recordBatch, sleepTool, stubbornTool } from './recorded-batches.test-support.ts';

describe('runMetrics', () => {
  it('counts calls, successes, errors by kind, retries and percentiles per tool', async () => {
    const { events } = await recordBatch(
      (clock) => [sleepTool('slow', 100), flakyTool('flaky', 1), stubbornTool('stubborn', 500, clock)],
      [
        { id: 'a', name: 'slow', arguments: {} },
        { id: 'b', name: 'slow', arguments: {} },
        { id: 'c', name: 'slow', arguments: { value: 7 } },
        { id: 'd', name: 'flaky', arguments: {} },
        { id: 'e', name: 'stubborn', arguments: {} },
        { id: 'f', name: 'invented', arguments: {} },
      ],
    );
    const metrics = runMetrics(buildTimeline(events));
    expect(metrics.tools.map((tool) => tool.name)).toEqual(['(unknown)', 'flaky', 'slow', 'stubborn']);
    const [unknown, flaky, slow, stubborn] = metrics.tools;
    expect(slow).toMatchObject({ calls: 3, successes: 2, errors: { invalid_arguments: 1 }, retries: 0, retryRate: 0, peakConcurrency: 2 });
    expect(slow?.successRate).toBeCloseTo(2 / 3);
    expect(slow?.latencyMs).toEqual({ count: 3, p50: 100, p95: 100, p99: 100 });
    expect(flaky).toMatchObject({ calls: 1, successes: 1, retries: 1, retryRate: 1 });
    expect(stubborn).toMatchObject({ calls: 1, successes: 0, errors: { timeout: 1 } });
    expect(unknown).toMatchObject({ calls: 1, errors: { unknown_tool: 1 }, peakConcurrency: 0 });
    expect(metrics.totals).toEqual({ calls: 6, successes: 3, errors: 3, retries: 1, running: 0, queued: 0 });
    expect(metrics.peakConcurrency).toBe(4);
  });

  it('counts running and queued calls while the run is live', async () => {
    const { events } = await recordBatch(
      () => [sleepTool('slow', 100)],
      ['a', 'b', 'c'].map((id) => ({ id, name: 'slow', arguments: {} })),
      { concurrency: 1 },
    );
    const live = events.slice(
      0,
      events.findIndex((event) => event.type === 'attempt-end'),
    );
    const metrics = runMetrics(buildTimeline(live, 1050));
    expect(metrics.totals).toMatchObject({ calls: 0, running: 1, queued: 2 });
  });
});
