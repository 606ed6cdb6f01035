import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, RealClock, VirtualClock, errorOf } from '../core/index.ts';
import { createApiKeyStore } from '../llm/index.ts';
import type { CompileResult, ToolRuntime } from '../session/index.ts';
import { InProcessToolRuntime } from '../session/runtime/in-process-tool-runtime.test-support.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';
import { createAppStore } from './create-app-store.ts';
import { createTestStore } from './in-process-store.test-support.ts';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'weather',
  schema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).default('celsius') }),
  async execute(input, ctx) {
    await ctx.sleep(200);
    return { city: input.city, temperature: 21 };
  },
});

function setup() {
  const clock = new VirtualClock();
  const store = createTestStore({ tools: { get_weather: getWeather }, clock });
  const tool = store.getState().workspace.tools.find((candidate) => candidate.name === 'get_weather')!;
  return { store, clock, toolId: tool.id };
}

describe('run slice: test call', () => {
  it('compiles a tool before its first test call, and says why when that fails', async () => {
    const store = createTestStore({ tools: {} });
    const toolId = store.getState().workspace.tools[0]!.id;
    await store.getState().runTestCall(toolId);
    expect(store.getState().testCalls[toolId]).toMatchObject({
      running: false,
      result: null,
      blocked: { reason: expect.stringMatching(/^Schema has an error at 1:1 — fix it, then run the call/), canRunLastGood: false },
    });
  });

  it('refuses to run code other than the code on screen, naming the tab and place, and runs the last good version only when asked (issue 12)', async () => {
    const { store, clock, runtime } = storeWithCodeErrorAfterFirstCompile();
    const toolId = store.getState().workspace.tools.find((tool) => tool.name === 'get_weather')!.id;
    await store.getState().compileTool(toolId);
    store.getState().updateTool(toolId, { codeSource: 'const x = (;', argumentsText: '{"city":"Oslo"}' });
    await store.getState().runTestCall(toolId);
    expect(store.getState().testCalls[toolId]).toMatchObject({
      result: null,
      blocked: { reason: 'Code has an error at 14:15 — fix it, or run the last good version.', canRunLastGood: true },
    });
    expect(runtime.executed).toBe(0);

    const done = store.getState().runTestCall(toolId, { lastGood: true });
    await clock.runUntilIdle();
    await done;
    expect(store.getState().testCalls[toolId]).toMatchObject({ blocked: null, ranLastGood: true, result: { status: 'success' } });
    expect(runtime.executed).toBe(1);
  });

  it('points at the Code tab when a tool that never compiled has its error in Code (issue 12)', async () => {
    const { store } = storeWithCodeErrorAfterFirstCompile(0);
    const toolId = store.getState().workspace.tools.find((tool) => tool.name === 'get_weather')!.id;
    await store.getState().runTestCall(toolId);
    expect(store.getState().testCalls[toolId]?.blocked).toEqual({
      reason:
        'Code has an error at 14:15 — fix it, then run the call (the tool has never compiled, so there is no earlier version to run).',
      canRunLastGood: false,
    });
  });

  it('a throw inside the run ends it with a visible error, and the next call runs (issue 12)', async () => {
    let broken = true;
    const store = createAppStore({
      workspace: createDefaultWorkspace(),
      runtime: new InProcessToolRuntime({ get_weather: getWeather }),
      apiKeys: createApiKeyStore(),
      createClock: () => {
        if (broken) throw new Error('clock exploded');
        return new RealClock();
      },
    });
    const toolId = store.getState().workspace.tools.find((tool) => tool.name === 'get_weather')!.id;
    store.getState().updateTool(toolId, { argumentsText: '{"city":"Oslo"}' });
    await store.getState().runTestCall(toolId);
    expect(store.getState().testCalls[toolId]).toMatchObject({ running: false, error: 'The call failed: clock exploded' });
    broken = false;
    await store.getState().runTestCall(toolId);
    expect(store.getState().testCalls[toolId]).toMatchObject({ running: false, error: null, result: { status: 'success' } });
  });

  it('runs the arguments draft through a real executor and records the events', async () => {
    const { store, clock, toolId } = setup();
    await store.getState().compileTool(toolId);
    store.getState().updateTool(toolId, { argumentsText: '{"city":"Oslo"}' });
    const done = store.getState().runTestCall(toolId);
    expect(store.getState().testCalls[toolId]?.running).toBe(true);
    await clock.runUntilIdle();
    await done;
    const state = store.getState().testCalls[toolId]!;
    expect(state.result).toMatchObject({ status: 'success', result: { city: 'Oslo', temperature: 21 }, durationMs: 200 });
    expect(state.modelText).toBe('{"city":"Oslo","temperature":21}');
    expect(store.getState().run?.events.map((event) => event.type)).toEqual([
      'tool-call-queued',
      'tool-call-start',
      'attempt-start',
      'attempt-end',
      'tool-call-end',
    ]);
  });

  it('shows invalid arguments as a result with the issue path, not as a crash', async () => {
    const { store, toolId } = setup();
    await store.getState().compileTool(toolId);
    store.getState().updateTool(toolId, { argumentsText: '{"city": 42}' });
    await store.getState().runTestCall(toolId);
    expect(errorOf(store.getState().testCalls[toolId]?.result)).toMatchObject({ kind: 'invalid_arguments', issues: [{ path: 'city' }] });
  });

  it('Stop aborts the running call', async () => {
    const { store, clock, toolId } = setup();
    await store.getState().compileTool(toolId);
    store.getState().updateTool(toolId, { argumentsText: '{"city":"Oslo"}' });
    const done = store.getState().runTestCall(toolId);
    await clock.advance(50);
    store.getState().stopRun();
    await done;
    expect(errorOf(store.getState().testCalls[toolId]?.result)?.kind).toBe('aborted');
  });
});

/** get_weather compiles once; from the `failFromCompile`-th compile on, its Code has an error at 14:15. */
function storeWithCodeErrorAfterFirstCompile(failFromCompile = 1) {
  const clock = new VirtualClock();
  const inner = new InProcessToolRuntime({ get_weather: getWeather });
  let compiles = 0;
  const runtime: ToolRuntime & { executed: number; failFromCompile: number } = {
    executed: 0,
    failFromCompile,
    async compile(tool): Promise<CompileResult> {
      if (tool.name === 'get_weather' && compiles++ >= runtime.failFromCompile)
        return { ok: false, kind: 'source', problems: [{ file: 'code', line: 14, column: 15, message: 'Expression expected.' }] };
      return inner.compile(tool);
    },
    toCoreTool(tool, options) {
      const coreTool = inner.toCoreTool(tool, options);
      return {
        ...coreTool,
        execute: (input, context) => {
          runtime.executed++;
          return coreTool.execute(input, context);
        },
      };
    },
  };
  const store = createAppStore({ workspace: createDefaultWorkspace(), runtime, apiKeys: createApiKeyStore(), createClock: () => clock });
  return { store, clock, runtime };
}

describe('run slice: checking arguments without a call (issue 26)', () => {
  it("answers what the tool's own schema says of arguments, and runs nothing", async () => {
    const { store, toolId } = setup();
    expect(await store.getState().checkArguments(toolId, { city: 'Oslo' })).toEqual({ status: 'valid' });
    const refused = await store.getState().checkArguments(toolId, { city: 42, unit: 'kelvin' });
    expect(refused).toMatchObject({ status: 'invalid', issues: [{ path: 'city' }, { path: 'unit' }] });
    expect(store.getState().run).toBeNull();
  });

  it('remembers the arguments a test call ran with', async () => {
    const { store, clock, toolId } = setup();
    store.getState().updateTool(toolId, { argumentsText: '{"city":"Oslo"}' });
    const call = store.getState().runTestCall(toolId);
    await clock.runUntilIdle();
    await call;
    expect(store.getState().testCalls[toolId]?.result).toMatchObject({ status: 'success' });
    store.getState().updateTool(toolId, { argumentsText: '{"city":"Bergen"}' });
    expect(store.getState().testCalls[toolId]?.ranArguments).toBe('{"city":"Oslo"}');
  });
});
