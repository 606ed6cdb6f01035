import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, errorOf, ToolExecutor, VirtualClock } from '../core/index.ts';
import { noFaults, type FaultSettings } from './fault-settings.ts';
import { withFaults } from './inject-faults.ts';

// Issue 13.3: an outage is found by a health check that really goes through the down downstream, not by a
// check written to fail.
const lookup = defineTool({ name: 'lookup_user', description: 'users', schema: z.object({}), execute: () => 'ok' });
const faults = (patch: Partial<FaultSettings>): FaultSettings => ({ ...noFaults, enabled: true, ...patch });

async function healthOf(settings: FaultSettings, checks = 1) {
  const executor = new ToolExecutor({ clock: new VirtualClock() });
  executor.register(withFaults(lookup, settings, 1));
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

  it('a flapping downstream fails about its share of probes', async () => {
    const { reports } = await healthOf(faults({ unavailableRate: 0.3 }), 200);
    const failed = reports.filter((report) => report?.healthy === false).length;
    expect(failed).toBeGreaterThan(40);
    expect(failed).toBeLessThan(80);
  });
});
