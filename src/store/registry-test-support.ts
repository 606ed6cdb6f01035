// Shared by the registry tests of the store: in-process tools, a scenario runner on a virtual clock.
import { z } from 'zod';
import { defineTool, VirtualClock, type ToolCallEndEvent } from '../core/index.ts';
import { createTestStore } from './test-store.ts';

export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current weather forecast for a city',
  schema: z.object({ city: z.string().describe('City name') }),
  async execute(input, ctx) {
    await ctx.sleep(100);
    return { city: input.city, temperature: 18 };
  },
});

export const calculator = defineTool({
  name: 'calculator',
  description: 'Evaluate an arithmetic expression',
  schema: z.object({ expression: z.string() }),
  execute: async ({ expression }) => ({ expression, value: 42 }),
});

const inventorySchema = z.object({ item_id: z.string() });
/** The stable version answers; the version in the editors (the canary) always fails. */
export const flakyApiVersion1 = defineTool({
  name: 'flaky_api',
  description: 'Fetch an inventory item',
  schema: inventorySchema,
  execute: async ({ item_id }) => ({ item_id }),
});
export const flakyApiVersion2 = defineTool({
  name: 'flaky_api',
  description: 'Fetch an inventory item',
  schema: inventorySchema,
  execute: async () => {
    throw new Error('v2 regression');
  },
});

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
