import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../core/index.ts';
import { createScriptedModel, type LanguageModel } from '../llm/index.ts';
import { runAgent } from './run-agent.ts';
import { harness, runScripted, scenario } from './agent-harness.test-support.ts';
import type { AgentExecutor, AgentRunEvent, ModelCallStartEvent } from './agent-types.ts';
import type { ScenarioInput } from '../llm/index.ts';

// Issue 8: toolSelection 'discover' offers the top-k tools per turn and counts hits and misses.

const twoTurns: ScenarioInput = {
  name: 'discovery',
  turns: [
    { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], latencyMs: 100 },
    { toolCalls: [{ name: 'slow_report', arguments: {} }], latencyMs: 100 },
    { text: 'Done.' },
  ],
};

function modelCallStarts(events: AgentRunEvent[]): ModelCallStartEvent[] {
  return events.filter((event): event is ModelCallStartEvent => event.type === 'model-call-start');
}

/** The scripted model, remembering which tools each request offered. */
function recordingModel(test: ReturnType<typeof harness>, offered: string[][]): LanguageModel {
  const model = createScriptedModel(scenario(twoTurns), { clock: test.clock });
  return {
    ...model,
    id: model.id,
    label: model.label,
    generate: (request) => (offered.push(request.tools.map((tool: ToolDefinition) => tool.name)), model.generate(request)),
  };
}

describe('runAgent toolSelection', () => {
  it("with 'discover' offers only the top tools for the user's latest message, names them on model-call-start, and counts hits and misses", async () => {
    const test = harness();
    const offered: string[][] = [];
    const { result, events } = await runScripted(test, twoTurns, {
      model: recordingModel(test, offered),
      toolSelection: { strategy: 'discover', limit: 1 },
    });
    expect(result.stopReason).toBe('final_answer');
    expect(offered).toEqual([['get_weather'], ['get_weather'], ['get_weather']]);
    expect(modelCallStarts(events).map((event) => [event.toolCount, event.offeredTools])).toEqual([
      [1, ['get_weather']],
      [1, ['get_weather']],
      [1, ['get_weather']],
    ]);
    // Turn 1 called get_weather (offered: a hit); turn 2 asked for slow_report (not offered: a miss). The
    // executor still ran it: it is registered, discovery only shapes the offer.
    expect(test.executor.getMetrics().discovery).toEqual({ hits: 1, misses: 1 });
    expect(test.started).toEqual(['get_weather:Paris', 'slow_report']);
  });

  it("with 'all' (the default) offers every tool and records no discovery", async () => {
    const test = harness();
    const { events } = await runScripted(test, twoTurns);
    expect(modelCallStarts(events).map((event) => [event.toolCount, event.offeredTools])).toEqual([
      [2, undefined],
      [2, undefined],
      [2, undefined],
    ]);
    expect(test.executor.getMetrics().discovery).toEqual({ hits: 0, misses: 0 });
  });

  it('offers every tool when discovery fails, and says why', async () => {
    const test = harness();
    const executor: AgentExecutor = {
      getDefinitions: () => test.executor.getDefinitions(),
      executeBatch: (calls, options) => test.executor.executeBatch(calls, options),
      on: (listener) => test.executor.on(listener),
      discover: () => Promise.reject(new Error('embeddings endpoint returned 503')),
      recordDiscovery: (offered, called) => test.executor.recordDiscovery(offered, called),
    };
    const { events } = await runScripted(test, twoTurns, { executor, toolSelection: { strategy: 'discover' } });
    expect(modelCallStarts(events)[0]).toMatchObject({
      toolCount: 2,
      offeredTools: ['get_weather', 'slow_report'],
      discoveryError: 'embeddings endpoint returned 503',
    });
    expect(test.executor.getMetrics().discovery).toEqual({ hits: 0, misses: 0 });
  });

  it("rejects 'discover' with an executor that cannot discover", async () => {
    const test = harness();
    const executor: AgentExecutor = { getDefinitions: () => [], executeBatch: async () => [], on: () => () => {} };
    await expect(
      runAgent({
        model: createScriptedModel(scenario(twoTurns), { clock: test.clock }),
        executor,
        messages: [{ role: 'user', content: 'hi' }],
        toolSelection: { strategy: 'discover' },
      }),
    ).rejects.toThrow(TypeError);
  });
});
