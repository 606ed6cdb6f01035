import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, VirtualClock } from '../core/index.ts';
import { createTestStore } from './in-process-store.test-support.ts';

const cities: string[] = [];
const getWeather = defineTool({
  name: 'get_weather',
  description: 'weather',
  schema: z.object({ city: z.string() }),
  async execute(input, ctx) {
    cities.push(input.city);
    await ctx.sleep(100);
    return { city: input.city, temperature: 18 };
  },
});

function setup() {
  const clock = new VirtualClock();
  const store = createTestStore({ tools: { get_weather: getWeather }, clock });
  for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: tool.name === 'get_weather' });
  const id = store.getState().workspace.scenarios[0]!.id;
  const script = {
    name: 'W',
    turns: [{ text: 'Checking.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] }, { text: 'Done.' }],
  };
  store.getState().updateScenario(id, { source: JSON.stringify(script) });
  store.getState().selectScenario(id);
  return { store, clock };
}

async function untilPaused(setupResult: ReturnType<typeof setup>, kind: string) {
  for (let tries = 0; tries < 50 && setupResult.store.getState().pause?.kind !== kind; tries++) await setupResult.clock.runUntilIdle();
  expect(setupResult.store.getState().pause?.kind).toBe(kind);
}

describe('step slice', () => {
  it('holds a scenario run at its pause points and runs the tool with the edited argument', async () => {
    cities.length = 0;
    const run = setup();
    run.store.getState().setStepMode(true);
    const done = run.store.getState().runScenario();
    await untilPaused(run, 'model-call');
    run.store.getState().resumeRun({}, { step: true });
    await untilPaused(run, 'tool-batch');
    const pause = run.store.getState().pause;
    if (pause?.kind !== 'tool-batch') throw new Error('not a batch');
    run.store.getState().resumeRun({ calls: [{ ...pause.calls[0]!, arguments: '{"city":"Oslo"}' }] });
    // Continue leaves step mode: the rest of the run goes without pauses.
    expect(run.store.getState().stepMode).toBe(false);
    while (run.store.getState().conversation.running) await run.clock.runUntilIdle();
    await done;
    expect(cities).toEqual(['Oslo']);
    expect(run.store.getState().conversation.outcome).toMatch(/^final answer/);
    expect(run.store.getState().pause).toBeNull();
  });

  it('Stop while paused ends the run', async () => {
    const run = setup();
    run.store.getState().setStepMode(true);
    const done = run.store.getState().runScenario();
    await untilPaused(run, 'model-call');
    run.store.getState().stopRun();
    await done;
    // Stopped at the pause before the first model call: no model call was made, and the status says so.
    expect(run.store.getState().conversation).toMatchObject({ running: false, outcome: 'aborted before any model call' });
    expect(run.store.getState().pause).toBeNull();
  });
});
