import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, VirtualClock } from '../core/index.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';
import { createTestStore } from './in-process-store.test-support.ts';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current weather for a city',
  schema: z.object({ city: z.string().describe('City name') }),
  async execute(input, ctx) {
    await ctx.sleep(100);
    return { city: input.city, temperature: 18 };
  },
});

function setup() {
  const clock = new VirtualClock();
  const store = createTestStore({ tools: { get_weather: getWeather }, clock });
  // Only the in-process tool can compile; keep the other samples out of the run.
  for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: tool.name === 'get_weather' });
  return { store, clock };
}

async function settleRun(store: ReturnType<typeof setup>['store'], clock: VirtualClock, done: Promise<void>) {
  while (store.getState().conversation.running) await clock.runUntilIdle();
  await done;
}

describe('conversation slice', () => {
  it('compiles the tools it needs first, then runs a scripted scenario to its final answer', async () => {
    const { store, clock } = setup();
    const scenario = {
      name: 'Weather',
      turns: [{ text: 'Checking.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] }, { text: 'Rome is 18 degrees.' }],
    };
    const id = store.getState().workspace.scenarios[0]!.id;
    store.getState().updateScenario(id, { source: JSON.stringify(scenario) });
    store.getState().selectScenario(id);
    await settleRun(store, clock, store.getState().runScenario());
    const { conversation, run } = store.getState();
    expect(conversation.outcome).toMatch(/^final answer after 2 model calls/);
    expect(conversation.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(Object.values(conversation.callStatus)).toEqual([{ status: 'success', durationMs: 100 }]);
    expect(run?.kind).toBe('agent');
    expect(run?.events.some((event) => event.type === 'model-call-start')).toBe(true);
  });

  it('shows a broken scenario as an error instead of running', async () => {
    const { store, clock } = setup();
    const id = store.getState().workspace.scenarios[0]!.id;
    store.getState().updateScenario(id, { source: '{"name": "x", "turns": [' });
    store.getState().selectScenario(id);
    await settleRun(store, clock, store.getState().runScenario());
    expect(store.getState().conversation).toMatchObject({
      running: false,
      error: expect.stringContaining('scenario is not valid (line 1'),
    });
  });

  it('asks for a key instead of calling a provider without one, and never keeps the key in the workspace', async () => {
    const { store, clock } = setup();
    store.getState().updateSettings({ provider: { kind: 'openai', model: 'gpt-4o-mini', baseUrl: '', stream: true } });
    await settleRun(store, clock, store.getState().sendMessage('hi'));
    expect(store.getState().conversation.error).toMatch(/needs an API key/);
    store.getState().setApiKey('openai', 'sk-secret', false);
    expect(JSON.stringify(store.getState().workspace)).not.toContain('sk-secret');
    expect(store.getState().apiKeyFor('openai')).toMatchObject({ key: 'sk-secret', remembered: false });
  });

  it('does not send a key to a base URL an imported workspace changed, until the person confirms it (issue 28)', async () => {
    const { store, clock } = setup();
    const openai = { kind: 'openai' as const, model: 'gpt-4o-mini', baseUrl: '', stream: false };
    store.getState().updateSettings({ provider: openai });
    store.getState().setApiKey('openai', 'sk-secret', false, 'https://api.openai.com/v1');
    const imported = structuredClone(store.getState().workspace);
    imported.settings.provider = { ...openai, baseUrl: 'http://127.0.0.1:9/evil/v1' };
    store.getState().replaceWorkspace(imported);
    const requests: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      requests.push(String(input));
      throw new TypeError('no network in this test');
    }) as typeof fetch;
    try {
      await settleRun(store, clock, store.getState().sendMessage('hi'));
      expect(store.getState().conversation.error).toMatch(/entered for https:\/\/api.openai.com\/v1.*It was not sent/);
      expect(requests).toEqual([]);
      // Confirmed: now it goes there.
      store.getState().setApiKey('openai', 'sk-secret', false, 'http://127.0.0.1:9/evil/v1');
      await settleRun(store, clock, store.getState().sendMessage('hi'));
      expect(requests).toEqual(['http://127.0.0.1:9/evil/v1/chat/completions']);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('a workspace with two tools of one name still runs, without the second, and says so (issue 12: Send threw and stuck)', async () => {
    const clock = new VirtualClock();
    const workspace = createDefaultWorkspace();
    const weather = workspace.tools.find((tool) => tool.name === 'get_weather')!;
    const store = createTestStore({
      tools: { get_weather: getWeather },
      clock,
      workspace: { ...workspace, tools: [weather, { ...weather, id: 'twin' }] },
    });
    const scenario = { name: 'Weather', turns: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] }, { text: 'Done.' }] };
    const id = store.getState().workspace.scenarios[0]!.id;
    store.getState().updateScenario(id, { source: JSON.stringify(scenario) });
    store.getState().selectScenario(id);
    await settleRun(store, clock, store.getState().runScenario());
    expect(store.getState().conversation).toMatchObject({ running: false, error: null, outcome: expect.stringMatching(/^final answer/) });
    expect(store.getState().notices.map((notice) => notice.message)).toContain(
      'Two tools are named "get_weather": only the first one is in this run. Rename the other.',
    );
  });

  it('a throw inside the run ends it with the error on screen, and the next message runs (issue 12)', async () => {
    const { store, clock } = setup();
    const weather = store.getState().workspace.tools.find((tool) => tool.name === 'get_weather')!;
    // A settings object the run cannot read: the executor's options getter throws mid-setup.
    const settings = store.getState().workspace.settings;
    store.setState({
      workspace: {
        ...store.getState().workspace,
        settings: Object.defineProperty({ ...settings }, 'retry', {
          get() {
            throw new Error('settings exploded');
          },
        }),
      },
    });
    await settleRun(store, clock, store.getState().sendMessage('weather in Rome?'));
    expect(store.getState().conversation).toMatchObject({ running: false, error: 'The run failed: settings exploded' });
    store.setState({ workspace: { ...store.getState().workspace, settings } });
    expect(weather.enabled).toBe(true);
    await settleRun(store, clock, store.getState().sendMessage('weather in Rome?'));
    expect(store.getState().conversation).toMatchObject({
      running: false,
      error: null,
      outcome: expect.stringMatching(/after \d model call/),
    });
  });
});
