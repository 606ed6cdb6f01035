import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool } from '../core/index.ts';
import type { GenerateRequest, LanguageModel } from '../llm/index.ts';
import { runAgent } from './run-agent.ts';
import { harness, runScripted } from './agent-harness.test-support.ts';
import type { AgentExecutor, AgentRunEvent } from './agent-types.ts';

// Issue 20: what the loop hands the model and the executor, and how it listens (found by mutation testing
// of run-agent.ts): tools and routing key, streaming only for a listener, discovery counts, listeners.

const paris = { name: 'get_weather', arguments: { city: 'Paris' } };

/** A model that answers once and records what it was asked. */
function recordingModel(requests: GenerateRequest[]): LanguageModel {
  return {
    id: 'recording',
    label: 'recording',
    generate: async (request) => {
      requests.push(request);
      return { content: 'Hi.', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('what the model is asked', () => {
  it('offers every tool as the routing key sees it, and asks for deltas only when someone listens', async () => {
    const test = harness();
    const asked: unknown[] = [];
    const executor: AgentExecutor = {
      getDefinitions: (options) => (asked.push(options), test.executor.getDefinitions(options)),
      executeBatch: (calls, options) => test.executor.executeBatch(calls, options),
      on: (listener) => test.executor.on(listener),
    };
    const requests: GenerateRequest[] = [];
    const base = { model: recordingModel(requests), executor, clock: test.clock, messages: [{ role: 'user' as const, content: 'hi' }] };
    await runAgent({ ...base, routingKey: 'conversation-7' });
    await runAgent({ ...base, onEvent: () => undefined });
    await runAgent({ ...base, onEvent: () => undefined, stream: false });
    expect(asked).toEqual([{ routingKey: 'conversation-7' }, { routingKey: undefined }, { routingKey: undefined }]);
    expect(requests.map((request) => request.tools.map((tool) => tool.name))).toEqual(Array(3).fill(['get_weather', 'slow_report']));
    expect(requests.map((request) => typeof request.onDelta)).toEqual(['undefined', 'function', 'undefined']);
  });

  it("names no offered tools and no discovery error when every tool is offered, even with 'all' on a discovering executor", async () => {
    const test = harness();
    const { events } = await runScripted(test, { name: 'all', turns: [{ text: 'Hi.' }] }, { toolSelection: { strategy: 'all' } });
    const start = events.find((event) => event.type === 'model-call-start');
    expect(start).toMatchObject({ toolCount: 2 });
    expect(Object.keys(start ?? {})).not.toContain('offeredTools');
    expect(Object.keys(start ?? {})).not.toContain('discoveryError');
  });
});

describe('discovery counts', () => {
  it('counts the called names of turns with calls only, and needs no recordDiscovery to run', async () => {
    const test = harness();
    const recorded: unknown[] = [];
    const executor = Object.assign(Object.create(test.executor) as typeof test.executor, {
      recordDiscovery: (offered: readonly string[], called: readonly string[]) => {
        recorded.push([[...offered].sort(), called]);
        return { hits: 0, misses: 0 };
      },
    });
    const script = { name: 'discover', turns: [{ toolCalls: [paris] }, { text: 'Sunny.' }] };
    const { result } = await runScripted(test, script, { executor, toolSelection: { strategy: 'discover' } });
    expect(result.stopReason).toBe('final_answer');
    expect(recorded).toEqual([[['get_weather', 'slow_report'], ['get_weather']]]);
    const without = harness();
    const bare = Object.assign(Object.create(without.executor) as typeof without.executor, { recordDiscovery: undefined });
    const second = await runScripted(without, script, { executor: bare, toolSelection: { strategy: 'discover' } });
    expect(second.result).toMatchObject({ stopReason: 'final_answer', reply: 'Sunny.' });
  });
});

describe('listening', () => {
  it('goes on when an event listener throws, and says so on the console; a run without a listener says nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const quiet = await runScripted(harness(), { name: 'quiet', turns: [{ text: 'Hi.' }] }, { onEvent: undefined });
    expect(quiet.result.stopReason).toBe('final_answer');
    expect(errors).not.toHaveBeenCalled();
    const test = harness();
    const { result } = await runScripted(
      test,
      { name: 'loud', turns: [{ text: 'Hi.' }] },
      {
        onEvent: () => {
          throw new Error('listener broke');
        },
      },
    );
    expect(result).toMatchObject({ stopReason: 'final_answer', reply: 'Hi.' });
    expect(errors).toHaveBeenCalledWith('Toolscope agent: an event listener threw; the run goes on.', new Error('listener broke'));
  });

  it('keeps listening until late work has settled, and then stops', async () => {
    const test = harness();
    const lazy = defineTool({
      name: 'lazy',
      description: 'ignores its signal',
      schema: z.object({}),
      timeoutMs: 1_000,
      execute: () => test.clock.sleep(5_000).then(() => 'late'),
    });
    test.executor.register(lazy as Tool);
    const events: AgentRunEvent[] = [];
    const { result } = await runScripted(
      test,
      { name: 'late', turns: [{ toolCalls: [{ name: 'lazy', arguments: {} }] }, { text: 'ok' }] },
      {
        onEvent: (event) => events.push(event),
      },
    );
    expect(result.stopReason).toBe('final_answer');
    expect(events.filter((event) => event.type === 'attempt-late-settle')).toMatchObject([{ time: 5_000, outcome: 'success' }]);
    const count = events.length;
    await test.clock.run(test.executor.execute({ name: 'get_weather', arguments: { city: 'Oslo' } }));
    expect(events).toHaveLength(count);
  });
});
