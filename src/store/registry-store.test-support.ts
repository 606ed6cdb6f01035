// Shared by the registry tests of the store: in-process tools, a scenario runner on a virtual clock.
import { VirtualClock, type ToolCallEndEvent } from '../core/index.ts';
import { calculator, flakyApiVersion1, flakyApiVersion2, getWeather } from '../session/in-process-tools.test-support.ts';
import { createTestStore } from './in-process-store.test-support.ts';

export { calculator, flakyApiVersion1, flakyApiVersion2, getWeather };

export type TestStore = ReturnType<typeof createTestStore>;

/** A store whose enabled tools are exactly `enabled`, all runnable in-process. */
export function registryStore(enabled: string[]) {
  const clock = new VirtualClock();
  const store = createTestStore({
    tools: { get_weather: getWeather, calculator, flaky_api: flakyApiVersion2, 'flaky_api@v1': flakyApiVersion1 },
    clock,
  });
  for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: enabled.includes(tool.name) });
  return { store, clock };
}

export const toolId = (store: TestStore, name: string): string => {
  const tool = store.getState().workspace.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.id;
};

/** Plays `turns` as the selected scenario to the end and returns its tool-call-end events. The name is the user's prompt. */
export async function playScenario(
  store: TestStore,
  clock: VirtualClock,
  turns: unknown[],
  name = 'registry test',
): Promise<ToolCallEndEvent[]> {
  const scenarioId = store.getState().workspace.scenarios[0]!.id;
  store.getState().updateScenario(scenarioId, { name, source: JSON.stringify({ name, turns }) });
  store.getState().selectScenario(scenarioId);
  const done = store.getState().runScenario();
  while (store.getState().conversation.running) await clock.runUntilIdle();
  await done;
  return (store.getState().run?.events ?? []).filter((event): event is ToolCallEndEvent => event.type === 'tool-call-end');
}
