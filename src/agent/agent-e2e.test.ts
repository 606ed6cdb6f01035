// A whole run the way the playground does it by default: the free-form mock model (no key, no network)
// picks tools for a typed message, the real executor runs them, the model answers from the results.
import { describe, expect, it } from 'vitest';
import { createRouterModel } from '../llm/index.ts';
import { runAgent } from './run-agent.ts';
import { harness } from './agent-harness.test-support.ts';
import type { AgentRunEvent, RunAgentResult } from './agent-types.ts';

async function run(seed: number): Promise<{ result: RunAgentResult; events: AgentRunEvent[]; now: number }> {
  const test = harness({ weatherDelayMs: 250 });
  const events: AgentRunEvent[] = [];
  const running = runAgent({
    model: createRouterModel({ seed, clock: test.clock, latencyMs: 400 }),
    executor: test.executor,
    clock: test.clock,
    messages: [{ role: 'user', content: 'Compare the weather in Paris and Lima' }],
    onEvent: (event) => events.push(event),
  });
  await test.clock.runUntilIdle();
  return { result: await running, events, now: test.clock.now() };
}

describe('agent run with the free-form mock model', () => {
  it('picks the tool, calls it in parallel for both cities and answers from the results', async () => {
    const { result, events } = await run(5);
    expect(result).toMatchObject({ stopReason: 'final_answer', iterations: 2 });
    expect(result.reply).toBe('Here is what I found:\n- get_weather:\n  - Paris: 15°, sunny\n  - Lima: 14°, sunny');
    const assistant = result.messages[1];
    expect(assistant?.role === 'assistant' && assistant.toolCalls.map((call) => call.arguments)).toEqual([
      '{"city":"Paris"}',
      '{"city":"Lima"}',
    ]);
    const ends = events.filter((event) => event.type === 'tool-call-end');
    expect(ends.map((event) => event.type === 'tool-call-end' && event.result.status)).toEqual(['success', 'success']);
    expect(events.filter((event) => event.type === 'model-call-end')).toHaveLength(2);
  });

  it('repeats exactly for a seed: same ids, same timings, same events', async () => {
    const first = await run(11);
    const second = await run(11);
    expect(second.result).toEqual(first.result);
    expect(second.now).toBe(first.now);
    expect(second.events).toEqual(first.events);
  });
});
