import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { RunHistory } from '../history/index.ts';
import { putRaw, testRun } from '../history/stored-runs.test-support.ts';
import type { ChatMessage } from '../llm/index.ts';
import { buildTimeline, comparisonFigures } from '../trace/index.ts';
import { keptComparison } from './kept-comparison.ts';
import { storeWithWeatherScenario } from './in-process-store.test-support.ts';

// One turn of three calls, then an answer past the script (the mock answers from the results).
const scenario = {
  name: 'W',
  turns: [{ toolCalls: ['Rome', 'Oslo', 'Lima'].map((city) => ({ name: 'get_weather', arguments: { city } })) }],
};

function setup(factory = new IDBFactory()) {
  const { store, clock, scenarioName } = storeWithWeatherScenario(scenario, RunHistory.open({ indexedDB: factory }));
  const settle = async (work: Promise<unknown>) => {
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await work;
  };
  const kept = async (count: number) => {
    for (let tries = 0; tries < 200 && store.getState().storedRuns.items.length < count; tries++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.getState().storedRuns.items).toHaveLength(count);
    return store.getState().storedRuns.items;
  };
  return { store, settle, kept, scenarioName };
}

describe('two kept runs in Compare', () => {
  it('puts two runs of one scenario side by side with the setting that differs, and their figures differ', async () => {
    const { store, settle, kept, scenarioName } = setup();
    await settle(store.getState().runScenario());
    await kept(1);
    store.getState().updateSettings({ concurrency: 1 });
    await settle(store.getState().runScenario());
    const [newer, older] = await kept(2);

    expect(await store.getState().compareStoredRuns([newer!.id, older!.id])).toBe(true);
    const { comparison } = store.getState();
    expect(comparison).toMatchObject({ source: 'kept-runs', running: false, error: null, title: `two runs of ${scenarioName}` });
    expect(comparison.notes.slice(2)).toEqual(['Settings that differ: concurrency (A 4, B 1).', 'Same tool versions.']);
    // The older run is A (the baseline), whichever was ticked first.
    expect(comparison.entries.map((entry) => [entry.variantId, entry.label, entry.details])).toEqual([
      [older!.id, `A · ${scenarioName}`, ['Settings: concurrency 4']],
      [newer!.id, `B · ${scenarioName}`, ['Settings: concurrency 1']],
    ]);
    const figures = comparison.entries.map((entry) => comparisonFigures(buildTimeline(entry.result!.events), entry.result!.totalMs));
    expect(figures.map((each) => each.peakInFlight)).toEqual([3, 1]);
    expect(figures[1]!.totalMs).toBeGreaterThan(figures[0]!.totalMs);
  });

  it('lists a fork under the scenario run on show, not under a Compare variant kept after it, and compares it with its parent', async () => {
    const { store, settle, kept } = setup();
    await settle(store.getState().runScenario());
    await kept(1);
    await store.getState().runComparison(['concurrency-1']);
    const [, parent] = await kept(2);
    expect(parent).toMatchObject({ kind: 'scenario' });

    const toolResult = store.getState().conversation.messages[2] as ChatMessage & { role: 'tool' };
    await settle(store.getState().forkRun(2, { ...toolResult, content: '{"city":"Rome","temperature":-40}' }));
    const fork = (await kept(3)).find((run) => run.parentRunId);
    expect(fork).toMatchObject({ parentRunId: parent!.id, forkedAt: 'result of get_weather after model turn 1' });

    expect(await store.getState().compareStoredRuns([fork!.id, parent!.id])).toBe(true);
    const { comparison } = store.getState();
    expect(comparison.entries.map((entry) => entry.variantId)).toEqual([parent!.id, fork!.id]);
    expect(comparison.notes[2]).toMatch(/^B is a fork of A at the result of get_weather after model turn 1: /);
    expect(comparison.entries[1]!.details).toEqual(['Fork of A at the result of get_weather after model turn 1']);
  });

  it('forks a new run from the run on show, not from a kept run opened before it', async () => {
    const { store, settle, kept } = setup();
    await settle(store.getState().runScenario());
    const [first] = await kept(1);
    expect(await store.getState().openStoredRun(first!.id)).toBe(true);
    await settle(store.getState().runScenario());
    const second = (await kept(2)).find((run) => run.id !== first!.id);
    const toolResult = store.getState().conversation.messages[2] as ChatMessage & { role: 'tool' };
    await settle(store.getState().forkRun(2, { ...toolResult, content: '{}' }));
    expect((await kept(3)).find((run) => run.parentRunId)?.parentRunId).toBe(second!.id);
  });
});

describe('keptComparison with bad records', () => {
  const format = (epochMs: number) => `t${epochMs}`;

  it('names the run that cannot be read and says why, instead of a broken view', async () => {
    const factory = new IDBFactory();
    const history = await RunHistory.open({ indexedDB: factory });
    const good = (await history.add(testRun({ title: 'Good', startedAt: 1 }))).id!;
    const broken = (await history.add(testRun({ title: 'Broken', startedAt: 2 }))).id!;
    await putRaw(factory, 'bodies', { id: broken, timelineKind: 'agent', events: [{ type: 'step-start' }] });
    const { runs } = await history.list();
    const shown = await keptComparison(history, runs, [good, broken], format);
    expect(shown).toEqual({
      error: expect.stringMatching(/^"Broken" \(t2\) cannot be compared: This run's record is damaged \(.+\); delete it\.$/),
    });
    expect(await keptComparison(history, runs, [good, 'deleted'], format)).toEqual({
      error: 'A run cannot be compared: This run is no longer kept.',
    });
    expect(await keptComparison(history, runs, [good, good], format)).toEqual({ error: 'Pick two different runs to compare.' });
  });

  it('compares a record kept before settings and tool versions were, and says what it lacks', async () => {
    const factory = new IDBFactory();
    const history = await RunHistory.open({ indexedDB: factory });
    const current = (await history.add(testRun({ title: 'Now', startedAt: 2 }))).id!;
    const old = (await history.add(testRun({ title: 'Old', startedAt: 1 }))).id!;
    const { settings: _settings, toolVersions: _toolVersions, ...oldBody } = testRun({}).body;
    await putRaw(factory, 'bodies', { ...oldBody, id: old });
    const shown = await keptComparison(history, (await history.list()).runs, [current, old], format);
    expect(shown).toMatchObject({
      title: 'Old and Now',
      notes: [
        'A: Scenario · t1 · ok: final answer after 2 model calls',
        'B: Scenario · t2 · ok: final answer after 2 model calls',
        'The settings of A were not kept (an older record): they cannot be compared.',
        'The tool versions of A were not kept (an older record): they cannot be compared.',
      ],
    });
    expect('entries' in shown && shown.entries.map((entry) => entry.details)).toEqual([[], []]);
  });
});
