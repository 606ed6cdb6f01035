import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolExecutor, VirtualClock } from '../core/index.ts';
import type { AgentRunEvent } from '../agent/index.ts';
import { buildTimeline } from './timeline-builder.ts';
import { runMetrics } from './run-metrics.ts';

// Issue 8: metrics split by version, so a canary with a higher error rate is visible.

const lookup = (version: string, fails: boolean) =>
  defineTool({
    name: 'lookup',
    description: 'Look an item up',
    schema: z.object({}),
    version,
    execute: async (_input, ctx) => {
      await ctx.sleep(10);
      if (fails) throw new Error(`${version} is broken`);
      return version;
    },
  });

async function canaryRun(): Promise<AgentRunEvent[]> {
  const clock = new VirtualClock();
  const executor = new ToolExecutor({ clock });
  executor.register(lookup('v1', false)).deploy(lookup('v2', true));
  executor.register(defineTool({ name: 'plain', description: 'No version', schema: z.object({}), execute: async () => 'ok' }));
  executor.setTraffic('lookup', 'v2', 0.5);
  const events: AgentRunEvent[] = [];
  executor.on((event) => events.push(event));
  // Routed by call id, so these ten land on both versions (the routing hash is pinned by core's tests).
  const calls = Array.from({ length: 10 }, (_, index) => ({ id: `call-${index}`, name: 'lookup', arguments: {} }));
  await clock.run(executor.executeBatch([...calls, { id: 'plain-1', name: 'plain', arguments: {} }]));
  return events;
}

describe('runMetrics by version', () => {
  it('splits the calls of a versioned tool by version, with each version its error rate; unversioned tools are left out', async () => {
    const rows = runMetrics(buildTimeline(await canaryRun())).versions;
    expect(rows.map((row) => [row.tool, row.version])).toEqual([
      ['lookup', 'v1'],
      ['lookup', 'v2'],
    ]);
    const [stable, canary] = rows;
    expect(stable).toMatchObject({ successes: stable!.calls, errors: 0, errorRate: 0 });
    expect(canary).toMatchObject({ successes: 0, errors: canary!.calls, errorRate: 1, errorsByKind: { execution_error: canary!.calls } });
    expect(stable!.calls + canary!.calls).toBe(10);
  });

  it('is empty for a run without calls', () => {
    expect(runMetrics(buildTimeline([])).versions).toEqual([]);
  });
});
