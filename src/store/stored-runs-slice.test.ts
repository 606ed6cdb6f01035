import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { RunHistory } from '../history/index.ts';
import { storeWithWeatherScenario } from './in-process-store.test-support.ts';
import { evictionNotice } from './stored-runs-slice.ts';
import { testRun } from '../history/stored-runs.test-support.ts';

const scenario = {
  name: 'Weather',
  turns: [{ text: 'Checking.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] }, { text: 'Rome is 18 degrees.' }],
};

function setup(factory: IDBFactory) {
  return storeWithWeatherScenario(scenario, RunHistory.open({ indexedDB: factory }));
}

async function until(check: () => boolean) {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('stored runs', () => {
  it('keeps a scenario run with its transcript, and a new store (a reload) lists and opens it', async () => {
    const factory = new IDBFactory();
    const { store, clock, scenarioName } = setup(factory);
    const done = store.getState().runScenario();
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
    await until(() => store.getState().storedRuns.items.length === 1);
    expect(store.getState().storedRuns.items[0]).toMatchObject({
      kind: 'scenario',
      title: scenarioName,
      status: 'ok',
      toolNames: ['get_weather'],
      callCount: 1,
      errorCount: 0,
    });

    const reloaded = setup(factory).store;
    await until(() => reloaded.getState().storedRuns.status === 'ready' && reloaded.getState().storedRuns.items.length === 1);
    const id = reloaded.getState().storedRuns.items[0]!.id;
    expect(await reloaded.getState().openStoredRun(id)).toBe(true);
    const { conversation, run, openedStoredRunId } = reloaded.getState();
    expect(openedStoredRunId).toBe(id);
    expect(conversation.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(run?.events.filter((event) => event.type === 'tool-call-end')).toHaveLength(1);
    // The chips read as they did when the run ended, not "waiting".
    const call = conversation.messages.flatMap((message) => (message.role === 'assistant' ? message.toolCalls : []))[0]!;
    expect(conversation.callStatus[call.id]).toMatchObject({ status: 'success' });
  });

  it('keeps a test call, and deletes a run', async () => {
    const factory = new IDBFactory();
    const { store, clock } = setup(factory);
    const toolId = store.getState().workspace.tools.find((tool) => tool.name === 'get_weather')!.id;
    store.getState().updateTool(toolId, { argumentsText: '{"city":"Oslo"}' });
    const done = store.getState().runTestCall(toolId);
    while (store.getState().testCalls[toolId]?.running) await clock.runUntilIdle();
    await done;
    await until(() => store.getState().storedRuns.items.length === 1);
    const [kept] = store.getState().storedRuns.items;
    expect(kept).toMatchObject({ kind: 'test-call', title: 'get_weather', status: 'ok' });
    await store.getState().deleteStoredRun(kept!.id);
    expect(store.getState().storedRuns.items).toEqual([]);
  });

  it('says why the list is empty when IndexedDB cannot be opened, and runs still work', async () => {
    const factory = new IDBFactory();
    factory.open = () => {
      throw new DOMException('blocked by the browser', 'SecurityError');
    };
    const { store, clock } = setup(factory);
    await until(() => store.getState().storedRuns.status === 'unavailable');
    expect(store.getState().storedRuns.problem).toMatch(/could not be opened.*blocked by the browser/);
    const done = store.getState().runScenario();
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
    expect(store.getState().conversation.outcome).toMatch(/^final answer/);
  });
});

describe('the notice when kept runs go (issue 30)', () => {
  const summary = (title: string) => ({ ...testRun({ title }).summary, id: title, size: 1 });
  it('says storage is full only when the storage was full', () => {
    expect(evictionNotice({ id: 'x', evicted: [summary('a')], overLimit: [], maxRuns: 300 })).toEqual({
      level: 'warning',
      message: 'Storage is full: the oldest run was removed from Runs.',
    });
  });

  it('names the run limit, not the storage, when more runs than the limit were kept', () => {
    const overLimit = Array.from({ length: 201 }, (_, index) => summary(`run ${index}`));
    expect(evictionNotice({ id: 'x', evicted: [], overLimit, maxRuns: 300 })).toEqual({
      level: 'info',
      message: 'Runs keeps the 300 newest runs: the 201 oldest runs were removed.',
    });
    // Past the limit each new run drops the oldest one: the normal course, not news.
    expect(evictionNotice({ id: 'x', evicted: [], overLimit: [summary('a')], maxRuns: 300 })).toBeNull();
  });
});
