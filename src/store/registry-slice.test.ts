import { describe, expect, it } from 'vitest';
import { simulatedOutageDetail } from '../session/executor-for.ts';
import { playScenario, registryStore, toolId } from './registry-store.test-support.ts';
import { errorOf } from '../core/index.ts';

// Issue 8: health dots from Check health, unhealthy tools unavailable in runs, discovery with scores,
// and the tools offered on each turn.

describe('registry slice', () => {
  it('Check health finds a tool with a simulated outage unhealthy, and only that one', async () => {
    const { store } = registryStore(['get_weather', 'calculator']);
    const weather = toolId(store, 'get_weather');
    store.getState().updateTool(weather, { simulateUnhealthy: true });
    await store.getState().checkHealth();
    expect(store.getState().health).toEqual({
      [weather]: { healthy: false, detail: simulatedOutageDetail, message: simulatedOutageDetail, checkedAt: expect.any(Number) },
    });
    expect(store.getState().checkingHealth).toBe(false);

    store.getState().updateTool(weather, { simulateUnhealthy: false });
    await store.getState().checkHealth();
    expect(store.getState().health).toEqual({});
  });

  it('a run checks health first: the unhealthy tool is not offered and its call comes back unavailable', async () => {
    const { store, clock } = registryStore(['get_weather', 'calculator']);
    store.getState().updateTool(toolId(store, 'get_weather'), { simulateUnhealthy: true });
    const ends = await playScenario(store, clock, [
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
      { text: 'Sorry.' },
    ]);
    expect(ends.map((end) => errorOf(end.result)?.kind)).toEqual(['unavailable']);
    expect(store.getState().health[toolId(store, 'get_weather')]?.healthy).toBe(false);
    const offered = store.getState().run?.events.find((event) => event.type === 'model-call-start');
    expect(offered).toMatchObject({ toolCount: 1 });
  });

  it('Discover tools ranks the tools for a query, with scores, best first', async () => {
    const { store } = registryStore(['get_weather', 'calculator']);
    // A search does not wait for compiles: tools not compiled yet are counted, not ranked.
    await store.getState().discoverTools('what is the weather forecast in Paris');
    expect(store.getState().discovery).toMatchObject({ matches: [], compiling: 2 });
    await Promise.all([toolId(store, 'get_weather'), toolId(store, 'calculator')].map((id) => store.getState().compileTool(id)));
    await store.getState().discoverTools('what is the weather forecast in Paris');
    const { discovery } = store.getState();
    expect(discovery).toMatchObject({ query: 'what is the weather forecast in Paris', compiling: 0, searching: false, error: null });
    expect(discovery.matches.map((match) => match.name)).toEqual(['get_weather', 'calculator']);
    expect(discovery.matches[0]!.score).toBeGreaterThan(discovery.matches[1]!.score);
    await store.getState().discoverTools('  ');
    expect(store.getState().discovery.matches).toEqual([]);
  });

  it("with 'discover' the conversation keeps which tools each turn offered, on that turn's assistant message", async () => {
    const { store, clock } = registryStore(['get_weather', 'calculator']);
    store.getState().updateSettings({ toolSelection: { strategy: 'discover', limit: 1 } });
    // While the run goes, each assistant message shows up together with its turn's offer.
    const seenWithoutOffer: number[] = [];
    const unsubscribe = store.subscribe(({ conversation }) => {
      conversation.messages.forEach((message, index) => {
        if (message.role === 'assistant' && !conversation.offeredTools[index]) seenWithoutOffer.push(index);
      });
    });
    await playScenario(
      store,
      clock,
      [{ text: 'Computing.', toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }] }, { text: 'Two.' }],
      'compute 1 + 1',
    );
    const { messages, offeredTools } = store.getState().conversation;
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    // Discovery ranks against the user's message (the scenario's name here), on every turn.
    expect(offeredTools).toEqual({ 1: ['calculator'], 3: ['calculator'] });
    unsubscribe();
    expect(seenWithoutOffer).toEqual([]);
  });
});
