import { describe, expect, it } from 'vitest';
import { playScenario, registryStore, toolId } from './registry-store.test-support.ts';

// Issue 8: a canary of flaky_api that fails, seen per version in a run's results, then rolled back.

/** Six calls; at 50% the canary gets item-1, item-2 and item-5 when each call is routed by its id. */
const sixCalls = [
  { toolCalls: [1, 2, 3, 4, 5, 6].map((number) => ({ id: `item-${number}`, name: 'flaky_api', arguments: { item_id: `sku-${number}` } })) },
  { text: 'Done.' },
];

const versionCounts = (ends: { result: { version?: string; status: string } }[]) => {
  const counts: Record<string, string[]> = {};
  for (const end of ends) (counts[end.result.version ?? '?'] ??= []).push(end.result.status);
  return counts;
};

describe('a canary in a run', () => {
  it('routes calls by id at 50%: v1 (frozen) succeeds, v2 (the editors) fails; after Rollback every call is v1', async () => {
    const { store, clock } = registryStore(['flaky_api']);
    const id = toolId(store, 'flaky_api');
    store.getState().startNewVersion(id);
    store.getState().setCanaryTraffic(id, 0.5);
    store.getState().updateSettings({ canaryRouting: 'call' });
    expect(versionCounts(await playScenario(store, clock, sixCalls))).toEqual({
      v1: ['success', 'success', 'success'],
      v2: ['error', 'error', 'error'],
    });

    expect(store.getState().rollbackTool(id)).toBe(true);
    expect(store.getState().workspace.tools.find((tool) => tool.id === id)?.traffic).toEqual({ stable: 'v1', canary: null, replaced: [] });
    expect(versionCounts(await playScenario(store, clock, sixCalls))).toEqual({ v1: Array(6).fill('success') });
  });

  it('Rollback during a run: the calls after it go to v1 (issue 13), and the run reports the change', async () => {
    const { store, clock } = registryStore(['flaky_api']);
    const id = toolId(store, 'flaky_api');
    store.getState().startNewVersion(id);
    store.getState().setCanaryTraffic(id, 0.5);
    store.getState().updateSettings({ canaryRouting: 'call' });
    const batch = (prefix: string) =>
      [1, 2, 3, 4, 5, 6].map((number) => ({ id: `${prefix}-${number}`, name: 'flaky_api', arguments: { item_id: `sku-${number}` } }));
    // The second batch comes 10 s after the first: time enough to watch the first and roll back.
    const turns = [{ toolCalls: batch('item') }, { latencyMs: 10_000, toolCalls: batch('late') }, { text: 'Done.' }];
    const scenarioId = store.getState().workspace.scenarios[0]!.id;
    store.getState().updateScenario(scenarioId, { name: 'live', source: JSON.stringify({ name: 'live', turns }) });
    store.getState().selectScenario(scenarioId);
    const done = store.getState().runScenario();
    const ends = () => (store.getState().run?.events ?? []).filter((event) => event.type === 'tool-call-end');
    while (ends().length < 6) await clock.advance(100);
    const beforeRollback = versionCounts(ends() as never);
    expect(Object.keys(beforeRollback).sort()).toEqual(['v1', 'v2']);
    expect(store.getState().conversation.running).toBe(true);
    expect(store.getState().rollbackTool(id)).toBe(true);
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
    const late = (ends() as { toolCallId: string; result: { version?: string; status: string } }[]).filter((end) =>
      end.toolCallId.startsWith('late'),
    );
    expect(late.map((end) => end.result.version)).toEqual(Array(6).fill('v1'));
  });

  it('routes by conversation by default: every call of one run is served by the same version', async () => {
    const { store, clock } = registryStore(['flaky_api']);
    const id = toolId(store, 'flaky_api');
    store.getState().startNewVersion(id);
    store.getState().setCanaryTraffic(id, 0.5);
    // Each scenario run is a new conversation with a new (random) key, so which version serves it varies.
    for (let run = 0; run < 4; run++) {
      const ends = await playScenario(store, clock, sixCalls);
      expect(ends).toHaveLength(6);
      expect(Object.keys(versionCounts(ends))).toHaveLength(1);
    }
  });

  it('promoting makes the editors version the only one', async () => {
    const { store, clock } = registryStore(['flaky_api']);
    const id = toolId(store, 'flaky_api');
    store.getState().startNewVersion(id);
    store.getState().setCanaryTraffic(id, 1);
    expect(versionCounts(await playScenario(store, clock, sixCalls))).toEqual({ v2: Array(6).fill('error') });
  });
});
