import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, VirtualClock } from '../core/index.ts';
import { createTestStore } from './test-store.ts';

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
      blockedReason: expect.stringContaining('Schema tab'),
    });
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
    expect(store.getState().testCalls[toolId]?.result?.error).toMatchObject({ kind: 'invalid_arguments', issues: [{ path: 'city' }] });
  });

  it('Stop aborts the running call', async () => {
    const { store, clock, toolId } = setup();
    await store.getState().compileTool(toolId);
    store.getState().updateTool(toolId, { argumentsText: '{"city":"Oslo"}' });
    const done = store.getState().runTestCall(toolId);
    await clock.advance(50);
    store.getState().stopRun();
    await done;
    expect(store.getState().testCalls[toolId]?.result?.error?.kind).toBe('aborted');
  });
});
