import { describe, expect, it } from 'vitest';
import { comparisonOrder, describeComparison, settingsDifferences, toolVersionDifferences, type KeptRun } from './run-comparison.ts';
import { testRun } from './stored-runs.test-support.ts';

function kept(id: string, summary: Parameters<typeof testRun>[0], body: Partial<KeptRun['body']> = {}): KeptRun {
  const run = testRun(summary);
  return { summary: { ...run.summary, id, size: 1 }, body: { ...run.body, id, ...body } };
}
const time = (epochMs: number) => `t${epochMs}`;

describe('settingsDifferences', () => {
  it('names each setting that differs in words, nested ones too, with both values', () => {
    const base = { concurrency: 4, timeoutMs: 5_000, retry: { maxAttempts: 3, baseDelayMs: 500 }, provider: { kind: 'mock' } };
    const changed = { ...base, concurrency: null, retry: { maxAttempts: 1, baseDelayMs: 500 }, faultSeed: 6 };
    expect(settingsDifferences(base, changed)).toEqual([
      { name: 'concurrency', values: ['4', 'unlimited'] },
      { name: 'attempts', values: ['3', '1'] },
      { name: 'fault seed', values: ['not set', '6'] },
    ]);
    expect(settingsDifferences(base, structuredClone(base))).toEqual([]);
  });

  it('leaves out the derived text of a Compare variant and writes times in ms', () => {
    expect(settingsDifferences({ timeoutMs: 5_000, settingsText: 'x' }, { timeoutMs: 800, settingsText: 'y' })).toEqual([
      { name: 'timeout', values: ['5000 ms', '800 ms'] },
    ]);
  });
});

describe('toolVersionDifferences', () => {
  it('reports a changed version or code, and a tool only one run had', () => {
    const left = [
      { name: 'get_weather', version: 'v1', sourceHash: 'aaaa0001' },
      { name: 'search_web', version: null, sourceHash: 'bbbb0001' },
      { name: 'gone', version: null, sourceHash: 'cccc0001' },
    ];
    const right = [
      { name: 'get_weather', version: 'v2', sourceHash: 'aaaa0002' },
      { name: 'search_web', version: null, sourceHash: 'bbbb0001' },
    ];
    expect(toolVersionDifferences(left, right)).toEqual([
      { name: 'get_weather', values: ['v1 (code aaaa0001)', 'v2 (code aaaa0002)'] },
      { name: 'gone', values: ['code cccc0001', 'not in this run'] },
    ]);
  });
});

describe('comparisonOrder and describeComparison', () => {
  it('puts the parent first for a fork, else the older run, and labels A and B', () => {
    const parent = kept('p', { startedAt: 200 });
    const fork = kept('f', { startedAt: 100, parentRunId: 'p', forkedAt: 'result of get_weather after model turn 1' });
    expect(comparisonOrder(fork, parent).map((run) => run.summary.id)).toEqual(['p', 'f']);
    const older = kept('o', { startedAt: 50, title: 'Timeout', scenarioName: 'Timeout' });
    expect(comparisonOrder(parent, older).map((run) => run.summary.id)).toEqual(['o', 'p']);

    const described = describeComparison([parent, fork], time);
    expect(described.title).toBe('two runs of Weather in two cities');
    expect(described.notes).toEqual([
      'A: Scenario · t200 · ok: final answer after 2 model calls',
      'B: Scenario · t100 · ok: final answer after 2 model calls',
      'B is a fork of A at the result of get_weather after model turn 1: its timeline holds only what ran after that point (the part before was replayed).',
      'Same run settings.',
      'Same tool versions.',
    ]);
    expect(described.labels.map((label) => label.heading)).toEqual(['A · Weather in two cities', 'B · Weather in two cities']);
    expect(described.labels[1].summaryLine).toBe('Scenario · t100 · ok: final answer after 2 model calls');
    expect(described.labels[1].details).toEqual(['Fork of A at the result of get_weather after model turn 1']);
  });

  it('gives each run its own side of the settings and tool versions that differ', () => {
    const first = kept('a', { startedAt: 1 });
    const second = kept(
      'b',
      { startedAt: 2, title: 'Timeout' },
      { settings: { concurrency: 1, timeoutMs: 5_000 }, toolVersions: [{ name: 'get_weather', version: 'v2', sourceHash: 'ffff0000' }] },
    );
    const described = describeComparison([first, second], time);
    expect(described.title).toBe('Weather in two cities and Timeout');
    expect(described.notes.slice(2)).toEqual([
      'Settings that differ: concurrency (A 4, B 1).',
      'Tool versions that differ: get_weather (A code abcd1234, B v2 (code ffff0000)).',
    ]);
    expect(described.labels[0].details).toEqual(['Settings: concurrency 4', 'Tools: get_weather code abcd1234']);
    expect(described.labels[1].details).toEqual(['Settings: concurrency 1', 'Tools: get_weather v2 (code ffff0000)']);
  });

  it('weighs only the tools that ran in either run', () => {
    const stamps = (calculator: string) => [
      { name: 'get_weather', version: null, sourceHash: 'abcd1234' },
      { name: 'calculator', version: null, sourceHash: calculator },
    ];
    const described = describeComparison(
      [kept('a', {}, { toolVersions: stamps('11110000') }), kept('b', {}, { toolVersions: stamps('22220000') })],
      time,
    );
    expect(described.notes.at(-1)).toBe('Same tool versions.');
  });

  it('says when an older record kept no settings instead of listing every setting as different', () => {
    const described = describeComparison([kept('a', {}), kept('b', {}, { settings: {} })], time);
    expect(described.notes[2]).toBe('The settings of B were not kept (an older record): they cannot be compared.');
    expect(described.labels[0].details).toEqual([]);
  });
});
