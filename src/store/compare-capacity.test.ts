import { describe, expect, it } from 'vitest';
import { SimulatedDownstreams } from '../sandbox/index.ts';
import type { SampleTool } from '../samples/index.ts';
import { inventoryApi } from '../samples/tools/inventory-api.ts';
import { inventoryBurstScenario } from '../samples/scenarios/inventory-burst.ts';
import { sampleAsTool } from '../samples/evaluate-sample.test-support.ts';
import { buildTimeline, comparisonFigures, type ComparisonFigures } from '../trace/index.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';
import { createTestStore } from './in-process-store.test-support.ts';

// Issue 13, part 2: with a downstream of capacity 4, a concurrency limit near it beats both no limit
// (a burst of 429s, retried all at once after Retry-After, some failing for good) and a limit of 1
// (no errors, but everything in a queue). Compare runs the shipped tool code and scenario on its
// virtual clock, through the same session path as the app; only the sandbox is replaced.

async function compareInventoryBurst(variantIds: string[], tool: SampleTool = inventoryApi): Promise<Map<string, ComparisonFigures>> {
  const workspace = createDefaultWorkspace();
  workspace.tools = workspace.tools.filter((tool) => tool.name === 'inventory_api');
  const scenario = workspace.scenarios.find((candidate) => candidate.name === JSON.parse(inventoryBurstScenario.source).name);
  if (!scenario) throw new Error('the default workspace has no inventory burst scenario');
  workspace.scenarios = [scenario];
  const store = createTestStore({ tools: { inventory_api: sampleAsTool(tool, new SimulatedDownstreams()) }, workspace });
  await store.getState().runComparison(variantIds);
  const { entries, error } = store.getState().comparison;
  expect(error).toBeNull();
  return new Map(
    entries.map((entry) => {
      if (!entry.result) throw new Error(`${entry.variantId} did not run`);
      return [entry.variantId, comparisonFigures(buildTimeline(entry.result.events), entry.result.totalMs)];
    }),
  );
}

describe('Compare on the inventory burst (a downstream of capacity 4)', () => {
  it('ranks a limit near capacity best on total time, errors, retries and p95, against both no limit and a limit of 1', async () => {
    const figures = await compareInventoryBurst(['concurrency-1', 'concurrency-3', 'current', 'unlimited']);
    const one = figures.get('concurrency-1')!;
    const three = figures.get('concurrency-3')!;
    const four = figures.get('current')!;
    const unlimited = figures.get('unlimited')!;
    for (const near of [three, four]) {
      expect(near.errorCount).toBe(0);
      expect(near.retries).toBe(0);
      expect(near.totalMs).toBeLessThan(one.totalMs);
      expect(near.totalMs).toBeLessThan(unlimited.totalMs);
      expect(near.p95CallMs).toBeLessThan(one.p95CallMs);
      expect(near.p95CallMs).toBeLessThan(unlimited.p95CallMs);
    }
    // The figures the scenario's description and the tour chapter quote.
    expect([four.totalMs, three.totalMs, unlimited.totalMs, one.totalMs]).toEqual([2250, 2450, 2790, 3450]);
    expect([four.p95CallMs, three.p95CallMs, unlimited.p95CallMs, one.p95CallMs]).toEqual([2000, 2200, 2540, 3200]);
    // Unlimited: 12 of 16 get a 429 at once, retry together after Retry-After (1 s), 8 get it again,
    // and the last 4 fail for good on their third attempt.
    expect(unlimited).toMatchObject({ errors: { execution_error: 4 }, errorCount: 4, retries: 20, peakInFlight: 16 });
    expect(one).toMatchObject({ errorCount: 0, retries: 0, peakInFlight: 1 });
    // Slots held: the burst ties up its slots while waiting to retry; a limit of 1 holds the fewest.
    expect([one.slotsHeldMs, three.slotsHeldMs, four.slotsHeldMs, unlimited.slotsHeldMs]).toEqual([3200, 6100, 7400, 24680]);
  });

  it("follows the service settings in the tool's code: with a capacity of 16 the burst fits and no limit wins", async () => {
    const roomy = { ...inventoryApi, codeSource: inventoryApi.codeSource.replace('capacity: 4,', 'capacity: 16,') };
    expect(roomy.codeSource).not.toBe(inventoryApi.codeSource);
    const figures = await compareInventoryBurst(['concurrency-3', 'unlimited'], roomy);
    const unlimited = figures.get('unlimited')!;
    expect(unlimited).toMatchObject({ errorCount: 0, retries: 0, peakInFlight: 16 });
    // Sixteen at once, each 200 ms + 100 ms per other request in flight: the last answers after 1.7 s.
    expect(unlimited.totalMs).toBeLessThan(figures.get('concurrency-3')!.totalMs);
  });
});
