import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, VirtualClock } from '../core/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import { createTestStore } from './in-process-store.test-support.ts';

let toolRuns = 0;
const getWeather = defineTool({
  name: 'get_weather',
  description: 'weather',
  schema: z.object({ city: z.string() }),
  async execute(input, ctx) {
    toolRuns++;
    await ctx.sleep(100);
    return { city: input.city, temperature: 18 };
  },
});

describe('fork slice', () => {
  it('forks a finished scenario run at its second model turn with an edited tool result: the answer differs', async () => {
    const clock = new VirtualClock();
    const store = createTestStore({ tools: { get_weather: getWeather }, clock });
    for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: tool.name === 'get_weather' });
    const id = store.getState().workspace.scenarios[0]!.id;
    // One scripted turn with a call; the second model turn answers from the results (past the script).
    store.getState().updateScenario(id, {
      source: JSON.stringify({ name: 'Weather in Rome', turns: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] }] }),
    });
    store.getState().selectScenario(id);
    const settle = async (work: Promise<void>) => {
      while (store.getState().conversation.running) await clock.runUntilIdle();
      await work;
    };
    await settle(store.getState().runScenario());
    const original = store.getState().conversation.messages;
    const answer = (messages: readonly ChatMessage[]) => messages.at(-1)?.content ?? '';
    expect(answer(original)).toContain('18');
    toolRuns = 0;

    const toolResult = original[2] as ChatMessage & { role: 'tool' };
    await settle(store.getState().forkRun(2, { ...toolResult, content: '{"city":"Rome","temperature":-40}' }));
    const branch = store.getState().conversation.messages;
    expect(branch.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(answer(branch)).toContain('-40');
    expect(answer(branch)).not.toBe(answer(original));
    // The replayed call keeps the status its run gave it: its chip does not fall back to "waiting".
    const callId = (branch[1] as ChatMessage & { role: 'assistant' }).toolCalls[0]!.id;
    expect(store.getState().conversation.callStatus[callId]).toMatchObject({ status: 'success' });
    // The recorded part was replayed: the tool did not run again, and only one model call was made.
    expect(toolRuns).toBe(0);
    expect(store.getState().conversation.outcome).toMatch(/^final answer after 1 model call/);
  });
});
