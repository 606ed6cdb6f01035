import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, errorOf, ToolExecutor, VirtualClock } from '../core/index.ts';
import { noFaults, type FaultSettings } from './fault-settings.ts';
import { ProbeCounts } from './health-probe.ts';
import { withFaults } from './inject-faults.ts';

// Issue 13.3: an outage is found by a health check that really goes through the down downstream, not by a
// check written to fail.
const lookup = defineTool({ name: 'lookup_user', description: 'users', schema: z.object({}), execute: () => 'ok' });
const faults = (patch: Partial<FaultSettings>): FaultSettings => ({ ...noFaults, enabled: true, ...patch });

async function healthOf(settings: FaultSettings, checks = 1) {
  const executor = new ToolExecutor({ clock: new VirtualClock() });
  executor.register(withFaults(lookup, settings, 1, new ProbeCounts()));
  const reports = [];
  for (let check = 0; check < checks; check++) reports.push((await executor.checkHealth()).lookup_user);
  return { executor, reports };
}

describe('health probes through injected faults', () => {
  it('an outage (every request a 503) makes the tool unhealthy, and its calls unavailable', async () => {
    const { executor, reports } = await healthOf(faults({ unavailableRate: 1 }));
    expect(reports[0]).toMatchObject({ healthy: false, detail: expect.stringContaining('503 Service Unavailable') });
    const result = await executor.execute({ id: 'c1', name: 'lookup_user', arguments: '{}' });
    expect(errorOf(result)?.kind).toBe('unavailable');
  });

  it('a healthy downstream, or faults that are not about availability, leave it healthy', async () => {
    expect((await healthOf(faults({ permanentRate: 1 }))).reports[0]?.healthy).toBe(true);
    expect((await healthOf(faults({ latency: { distribution: 'fixed', ms: 50, maxMs: 50 } }))).reports[0]?.healthy).toBe(true);
    expect((await healthOf(noFaults)).reports[0]?.healthy).not.toBe(false);
  });

  it('a flapping downstream is found down only when three probe requests in a row fail (about one check in eight at 50 %)', async () => {
    const { reports } = await healthOf(faults({ unavailableRate: 0.5 }), 400);
    const failed = reports.filter((report) => report?.healthy === false);
    expect(failed.length).toBeGreaterThan(25);
    expect(failed.length).toBeLessThan(80);
    expect(failed[0]?.detail).toContain('3 requests in a row got 503 Service Unavailable');
  });

  // Issue 27: every run builds a new executor; with probes numbered from 1 again each time, a 503 fault at
  // 50 % on get_weather drew the same failing first probe on every run, so no run ever showed a retry.
  it('a 503 fault at 50 % on get_weather leaves it healthy on most runs of a page, the same runs after a reload', async () => {
    const weather = defineTool({ name: 'get_weather', description: 'weather', schema: z.object({}), execute: () => 'sunny' });
    const pageOfRuns = async () => {
      const page = new ProbeCounts();
      const healthy: boolean[] = [];
      for (let run = 0; run < 8; run++) {
        const executor = new ToolExecutor({ clock: new VirtualClock() });
        executor.register(withFaults(weather, faults({ unavailableRate: 0.5 }), 1, page));
        healthy.push((await executor.checkHealth()).get_weather?.healthy !== false);
      }
      return healthy;
    };
    const runs = await pageOfRuns();
    expect(runs.filter(Boolean).length).toBeGreaterThanOrEqual(5);
    expect(await pageOfRuns()).toEqual(runs);
  });
});
