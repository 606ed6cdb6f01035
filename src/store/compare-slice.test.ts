import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool } from '../core/index.ts';
import { createTestStore } from './in-process-store.test-support.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';

const weather = defineTool({
  name: 'get_weather',
  description: 'weather',
  schema: z.object({ city: z.string() }),
  execute: async (input, ctx) => {
    await ctx.sleep(200);
    return { city: input.city };
  },
}) as Tool;

const scenario = JSON.stringify({
  name: 'parallel',
  turns: [
    { latencyMs: 100, toolCalls: ['Paris', 'Oslo', 'Lima'].map((city) => ({ name: 'get_weather', arguments: { city } })) },
    { text: 'done' },
  ],
});

async function storeWithScenario({ compiled = true } = {}) {
  const workspace = createDefaultWorkspace();
  workspace.tools = workspace.tools.filter((tool) => tool.name === 'get_weather');
  workspace.scenarios = [{ id: 's1', name: 'parallel', source: scenario }];
  const store = createTestStore({ tools: { get_weather: weather }, workspace });
  if (compiled) for (const tool of workspace.tools) await store.getState().compileTool(tool.id);
  return store;
}

describe('compare slice', () => {
  it('re-runs the scenario per variant on virtual time and keeps their total times', async () => {
    const store = await storeWithScenario();
    await store.getState().runComparison(['concurrency-1', 'unlimited']);
    const { comparison } = store.getState();
    expect(comparison).toMatchObject({ running: false, scenarioName: 'parallel', error: null });
    expect(comparison.entries.map((entry) => [entry.label, entry.concurrencyLimit, entry.result?.totalMs])).toEqual([
      ['Concurrency 1', 1, 100 + 3 * 200],
      ['Unlimited concurrency', null, 100 + 200],
    ]);
    expect(comparison.entries[0]?.settingsText).toMatch(/^concurrency 1 · 3 attempts/);
  });

  it('compiles the tools first when asked right after start-up, so none is missing from the runs', async () => {
    const store = await storeWithScenario({ compiled: false });
    await store.getState().runComparison(['unlimited']);
    expect(store.getState().comparison.entries[0]?.result?.totalMs).toBe(100 + 200);
  });

  it('says why when the scenario is broken', async () => {
    const store = await storeWithScenario();
    store.setState({ workspace: { ...store.getState().workspace, scenarios: [{ id: 's1', name: 'broken', source: '{' }] } });
    await store.getState().runComparison(['unlimited']);
    expect(store.getState().comparison.error).toMatch(/not valid/);
  });

  it('keeps variants being run when kept runs are asked for, and kept runs give way to the next variants', async () => {
    const store = await storeWithScenario();
    const kept = { title: 'two runs of parallel', notes: ['Same run settings.'], entries: [] };
    const running = store.getState().runComparison(['unlimited']);
    expect(store.getState().showKeptComparison(kept)).toBe(false);
    expect(store.getState().notices.at(-1)?.message).toMatch(/Stop the comparison that is running first/);
    await running;
    expect(store.getState().comparison).toMatchObject({ source: 'variants', scenarioName: 'parallel' });

    expect(store.getState().showKeptComparison(kept)).toBe(true);
    expect(store.getState().comparison).toMatchObject({ source: 'kept-runs', title: 'two runs of parallel', scenarioName: null });
    const next = store.getState().runComparison(['concurrency-1']);
    // At once, before the first variant has run: nothing of the kept runs is left on show.
    expect(store.getState().comparison).toMatchObject({ source: 'variants', running: true, title: null, notes: [], entries: [] });
    await next;
    expect(store.getState().comparison.entries.map((entry) => entry.label)).toEqual(['Concurrency 1']);
  });
});
