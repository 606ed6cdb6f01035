import { describe, expect, it } from 'vitest';
import type { ToolMessage } from '../llm/index.ts';
import { harness, runScripted } from './agent-harness.test-support.ts';

const paris = { name: 'get_weather', arguments: { city: 'Paris' } };
const lima = { name: 'get_weather', arguments: { city: 'Lima' } };

function toolMessages(messages: readonly { role: string }[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => message.role === 'tool');
}

describe('runAgent with the scripted model and the real executor', () => {
  it('runs parallel calls together and answers, with one tool message per call id', async () => {
    const test = harness({ weatherDelayMs: 100 });
    const { result, events } = await runScripted(test, {
      name: 'parallel',
      turns: [
        { text: 'Checking both.', toolCalls: [paris, lima], latencyMs: 300 },
        { text: 'Paris 15°, Lima 14°.', latencyMs: 200 },
      ],
    });
    expect(result).toMatchObject({ stopReason: 'final_answer', reply: 'Paris 15°, Lima 14°.', iterations: 2 });
    // 300 ms model + 100 ms for both tools at once (not 200) + 200 ms model.
    expect(test.clock.now()).toBe(600);
    expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant']);
    const assistant = result.messages[1];
    const ids = assistant?.role === 'assistant' ? assistant.toolCalls.map((call) => call.id) : [];
    expect(toolMessages(result.messages).map((message) => message.toolCallId)).toEqual(ids);
    expect(toolMessages(result.messages)[0]?.content).toBe('{"city":"Paris","temperature":15,"sky":"sunny"}');
    const starts = events.filter((event) => event.type === 'tool-call-start').map((event) => event.time);
    expect(starts).toEqual([300, 300]);
    expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('reports its own events and the executor events on one clock, in order', async () => {
    const test = harness({ weatherDelayMs: 100 });
    const { events } = await runScripted(test, {
      name: 'one',
      turns: [
        { toolCalls: [paris], latencyMs: 300 },
        { text: 'Done.', latencyMs: 50 },
      ],
    });
    const timeline = events
      .filter((event) => event.type !== 'model-delta' && event.type !== 'attempt-start' && event.type !== 'attempt-end')
      .map((event) => `${event.time} ${event.type}`);
    expect(timeline).toEqual([
      '0 step-start',
      '0 model-call-start',
      '300 model-call-end',
      '300 tool-call-queued',
      '300 tool-call-start',
      '400 tool-call-end',
      '400 step-end',
      '400 step-start',
      '400 model-call-start',
      '450 model-call-end',
      '450 step-end',
    ]);
    const firstModelCall = events.find((event) => event.type === 'model-call-end');
    expect(firstModelCall).toMatchObject({ iteration: 1, startedAt: 0, latencyMs: 300, finishReason: 'tool_calls', toolCallCount: 1 });
    expect(events.some((event) => event.type === 'model-delta')).toBe(true);
  });

  it('lets the model correct a validation error on the next turn', async () => {
    const test = harness();
    const { result } = await runScripted(test, {
      name: 'fix',
      turns: [{ toolCalls: [{ name: 'get_weather', arguments: { town: 'Paris' } }] }, { toolCalls: [paris] }, { text: 'Paris is sunny.' }],
    });
    expect(result).toMatchObject({ stopReason: 'final_answer', iterations: 3 });
    const [invalid, valid] = toolMessages(result.messages);
    expect(invalid?.isError).toBe(true);
    expect(invalid?.content).toMatch(/city/);
    expect(valid?.isError).toBeUndefined();
    expect(test.started).toEqual(['get_weather:Paris']);
  });

  it('turns a tool timeout into an error result and carries on', async () => {
    const test = harness();
    const { result } = await runScripted(test, {
      name: 'timeout',
      turns: [{ toolCalls: [{ name: 'slow_report', arguments: {} }, paris] }, { text: 'The report timed out.' }],
    });
    expect(result.stopReason).toBe('final_answer');
    const [slow, weather] = toolMessages(result.messages);
    expect(slow).toMatchObject({ name: 'slow_report', isError: true });
    expect(slow?.content).toMatch(/timed out|timeout/i);
    expect(weather?.isError).toBeUndefined();
  });

  it('answers an unknown tool with an error message for that id', async () => {
    const test = harness();
    const { result } = await runScripted(test, {
      name: 'unknown',
      turns: [{ toolCalls: [{ name: 'launch_rocket', arguments: {}, id: 'call_rocket' }] }, { text: 'I cannot launch rockets.' }],
    });
    expect(result.stopReason).toBe('final_answer');
    expect(toolMessages(result.messages)).toEqual([
      expect.objectContaining({ toolCallId: 'call_rocket', name: 'launch_rocket', isError: true }),
    ]);
    expect(toolMessages(result.messages)[0]?.content).toMatch(/launch_rocket/);
  });

  it('stops at max iterations without a reply', async () => {
    const test = harness();
    const { result } = await runScripted(
      test,
      { name: 'loop', turns: [{ toolCalls: [paris] }, { toolCalls: [paris] }, { toolCalls: [paris] }, { text: 'never' }] },
      { maxIterations: 2 },
    );
    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 2 });
    expect(result.reply).toBeUndefined();
    expect(result.messages.at(-1)?.role).toBe('tool');
    expect(test.started).toHaveLength(2);
  });
});
