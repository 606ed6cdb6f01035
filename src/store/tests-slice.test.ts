import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../core/index.ts';
import { createTestStore, slowWeatherTool } from './in-process-store.test-support.ts';

const getWeather = slowWeatherTool;

describe('tests slice', () => {
  it('plays every scenario with expectations, reports pass and fail with the failing call, and opens the run', async () => {
    const store = createTestStore({ tools: { get_weather: getWeather }, clock: new VirtualClock() });
    for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: tool.name === 'get_weather' });
    const [first, second, ...others] = store.getState().workspace.scenarios;
    const script = JSON.stringify({ name: 'W', turns: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] }] });
    store.getState().updateScenario(first!.id, {
      source: script,
      expectations: JSON.stringify([
        { type: 'called', tool: 'get_weather', arguments: { city: 'Rome' } },
        { type: 'not-called', tool: 'get_weather' },
        { type: 'final-answer', contains: '18' },
      ]),
    });
    store.getState().updateScenario(second!.id, { source: script, expectations: '[{"type": "called"}]' });
    // The samples' own expectations are set aside: these two scenarios are the ones under test.
    for (const other of others) store.getState().updateScenario(other.id, { expectations: '' });
    await store.getState().runTests();
    const { testReport } = store.getState();
    expect(testReport?.running).toBe(false);
    const [checked, broken] = testReport!.scenarios;
    expect(checked!.report!.results.map((result) => result.passed)).toEqual([true, false, true]);
    expect(checked!.report!.passed).toBe(false);
    const failing = checked!.report!.results[1]!;
    expect(failing.message).toMatch(/^get_weather was called/);
    expect(broken!.report!.problem).toMatch(/^The expectations are not valid: 0\.tool/);
    // Only scenarios with expectations are played.
    expect(testReport!.scenarios).toHaveLength(2);

    const runId = store.getState().showTestRun(first!.id);
    expect(runId).toBe(store.getState().run?.id);
    expect(store.getState().run?.events.some((event) => 'toolCallId' in event && event.toolCallId === failing.toolCallId)).toBe(true);
  });
});
