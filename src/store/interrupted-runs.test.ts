import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { RunHistory } from '../history/index.ts';
import { MemoryStorage } from '../workspace/memory-storage.ts';
import { createTestStore, storeWithWeatherScenario } from './in-process-store.test-support.ts';
import { loadView, rememberView } from './view-memory.ts';

// Issue 24, defect 4: a run interrupted by a reload vanished from Runs, and the scenario picker went back
// to the first scenario. The run is kept as it goes, so it is listed as interrupted with what it had done.
const threeTurns = {
  name: 'Weather',
  turns: [
    { text: 'Rome first.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] },
    { text: 'Now Oslo.', latencyMs: 10_000, toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
    { text: 'Done.' },
  ],
};

async function until(check: () => boolean | Promise<boolean>) {
  for (let tries = 0; tries < 400 && !(await check()); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await check()).toBe(true);
}

describe('a run interrupted by a reload', () => {
  it('is kept in Runs as interrupted, with its events so far and the calls that had finished', async () => {
    const factory = new IDBFactory();
    const { store, clock, scenarioName } = storeWithWeatherScenario(threeTurns, RunHistory.open({ indexedDB: factory }));
    void store.getState().runScenario();
    // The first call ends; the model then takes 10 s over its second turn, and the page is reloaded meanwhile.
    while (!(store.getState().run?.events ?? []).some((event) => event.type === 'tool-call-end')) await clock.advance(20);
    await clock.advance(1_000);
    const history = await RunHistory.open({ indexedDB: factory });
    await until(async () => (await history.list()).runs.some((run) => run.callCount === 1));
    // While the run goes on, this page does not list it as interrupted.
    await store.getState().refreshStoredRuns();
    expect(store.getState().storedRuns.items).toEqual([]);

    const reloaded = storeWithWeatherScenario(threeTurns, RunHistory.open({ indexedDB: factory })).store;
    await until(() => reloaded.getState().storedRuns.items.length === 1);
    const [kept] = reloaded.getState().storedRuns.items;
    expect(kept).toMatchObject({ kind: 'scenario', title: scenarioName, status: 'interrupted', callCount: 1, errorCount: 0 });
    expect(kept?.outcome).toMatch(/^interrupted/);
    expect(await reloaded.getState().openStoredRun(kept!.id)).toBe(true);
    expect(reloaded.getState().conversation.outcome).toMatch(/interrupted, the page was reloaded or closed while it ran/);
    const events = reloaded.getState().run?.events ?? [];
    expect(events.filter((event) => event.type === 'tool-call-end')).toHaveLength(1);
    expect(events.some((event) => event.type === 'model-call-start' && event.iteration === 2)).toBe(true);
  });

  it('that ends in the same page is one record with how it ended, not an interrupted one beside it', async () => {
    const factory = new IDBFactory();
    const { store, clock } = storeWithWeatherScenario(threeTurns, RunHistory.open({ indexedDB: factory }));
    const done = store.getState().runScenario();
    while (!(store.getState().run?.events ?? []).some((event) => event.type === 'tool-call-end')) await clock.advance(20);
    await clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
    await until(() => store.getState().storedRuns.items.length === 1);
    expect(store.getState().storedRuns.items[0]).toMatchObject({ status: 'ok', callCount: 2 });
    const history = await RunHistory.open({ indexedDB: factory });
    expect((await history.list()).runs.map((run) => run.status)).toEqual(['ok']);
  });

  it('leaves the scenario picker on the scenario that was picked', () => {
    const storage = new MemoryStorage();
    const before = createTestStore();
    rememberView(before, storage);
    const canary = before.getState().workspace.scenarios.at(-1)!;
    before.getState().selectScenario(canary.id);
    const after = createTestStore({ workspace: before.getState().workspace, view: loadView(storage) });
    expect(after.getState().selectedScenarioId).toBe(canary.id);
    // A workspace never saved gets new ids on every load: the name finds it.
    const fresh = createTestStore({ view: loadView(storage) }).getState();
    expect(fresh.workspace.scenarios.find((scenario) => scenario.id === fresh.selectedScenarioId)?.name).toBe(canary.name);
  });
});
