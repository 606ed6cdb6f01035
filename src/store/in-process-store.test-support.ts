// A store wired with in-process tools and an injectable clock, for unit tests of the slices.
import { scenarioName } from '../session/index.ts';
import { z } from 'zod';
import { defineTool, RealClock, VirtualClock, type Clock, type Tool } from '../core/index.ts';
import type { RunHistory } from '../history/index.ts';
import { createApiKeyStore, type ApiKeyStore } from '../llm/index.ts';
import type { McpServers } from '../mcp/index.ts';
import { createAppStore } from './create-app-store.ts';
import type { FrameScheduler } from './frame-batch.ts';
import type { RememberedView } from './view-memory.ts';
import { InProcessToolRuntime } from '../session/runtime/in-process-tool-runtime.test-support.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';

export function createTestStore(
  options: {
    tools?: Record<string, Tool>;
    clock?: Clock;
    workspace?: Workspace;
    mcp?: McpServers;
    apiKeys?: ApiKeyStore;
    history?: Promise<RunHistory>;
    view?: RememberedView | null;
    frames?: FrameScheduler;
  } = {},
) {
  const clock = options.clock ?? new RealClock();
  return createAppStore({
    workspace: options.workspace ?? createDefaultWorkspace(),
    runtime: new InProcessToolRuntime(options.tools ?? {}),
    apiKeys: options.apiKeys ?? createApiKeyStore(),
    createClock: () => clock,
    ...(options.mcp ? { mcp: options.mcp } : {}),
    history: options.history,
    view: options.view,
    ...(options.frames ? { frames: options.frames } : {}),
  });
}

/** A get_weather that takes 100 ms of its clock and is always 18 degrees: runs with something on the timeline. */
export const slowWeatherTool = defineTool({
  name: 'get_weather',
  description: 'Get the current weather for a city',
  schema: z.object({ city: z.string() }),
  async execute(input, ctx) {
    await ctx.sleep(100);
    return { city: input.city, temperature: 18 };
  },
});

/**
 * A store on a virtual clock where only slowWeatherTool is enabled and the first scenario, selected, plays
 * `scenario`: a run of known calls, kept in `history` when one is given.
 */
export function storeWithWeatherScenario(scenario: object, history?: Promise<RunHistory>) {
  const clock = new VirtualClock();
  const store = createTestStore({ tools: { get_weather: slowWeatherTool }, clock, history });
  for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: tool.name === 'get_weather' });
  const id = store.getState().workspace.scenarios[0]!.id;
  store.getState().updateScenario(id, { source: JSON.stringify(scenario) });
  store.getState().selectScenario(id);
  // Runs are named as the scenario's JSON says (its `name`), not as the sample it replaced was.
  return { store, clock, scenarioName: scenarioName(store.getState().workspace.scenarios[0]!) };
}
